import { parseRoles } from '#common/roles';
import type { Auth } from './auth';

export type AdminBootstrapResult = 'created' | 'promoted' | 'unchanged';

/**
 * Makes sure a user with this email exists and has the admin role. Idempotent: an existing user
 * keeps their password and is only promoted; a user who already is an admin is left alone.
 */
export async function ensureAdmin(
  auth: Auth,
  { email, password, name }: { email: string; password: string; name?: string },
): Promise<AdminBootstrapResult> {
  const normalizedEmail = email.trim().toLowerCase();
  const context = await auth.$context;
  const existing = await context.internalAdapter.findUserByEmail(normalizedEmail);

  if (!existing) {
    // A server-side call without request headers: the admin plugin allows it without a session.
    await auth.api.createUser({
      body: {
        email: normalizedEmail,
        password,
        name: name ?? 'Administrator',
        role: 'admin',
        data: { emailVerified: true },
      },
    });
    return 'created';
  }

  const roles = parseRoles((existing.user as { role?: string | null }).role);
  if (roles.includes('admin')) return 'unchanged';
  const promoted = [...roles.filter((role) => role !== 'user'), 'admin'].join(',');
  await context.internalAdapter.updateUser(existing.user.id, { role: promoted });
  return 'promoted';
}
