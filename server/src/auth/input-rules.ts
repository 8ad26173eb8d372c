import { APIError } from 'better-auth/api';
import { nameSchema } from '#common/validation';

/** Names are checked on every path that sets one (sign-up, profile edit, admin edit). */
const NAME_PATHS = new Set(['/sign-up/email', '/update-user', '/admin/create-user', '/admin/update-user']);

/**
 * Input rules Better Auth's own body schemas leave open, checked before its endpoints run: a bad
 * value is a 400 with a message, never a 500 from the database.
 */
export function checkAuthInput(path: string, body: unknown) {
  const fields = body as { name?: unknown; data?: { name?: unknown } } | undefined;
  if (!NAME_PATHS.has(path) || !fields) return;
  const name = path === '/admin/update-user' ? fields.data?.name : fields.name;
  // Missing or mistyped fields are left to the endpoint's own validation, which names them all.
  if (typeof name !== 'string') return;
  const parsed = nameSchema.safeParse(name);
  if (!parsed.success)
    throw new APIError('BAD_REQUEST', { message: parsed.error.issues[0]?.message ?? 'Invalid name' });
}
