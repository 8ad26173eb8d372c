import { APIError } from 'better-auth/api';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { freeOrganizationSlug } from '../db/organization-slug';
import type { Auth } from './auth';
import { errorOf } from './plugin-error-codes';

/** Better Auth's answers when another organization took the slug between our pick and its check. */
const SLUG_TAKEN = new Set(['ORGANIZATION_ALREADY_EXISTS', 'ORGANIZATION_SLUG_ALREADY_TAKEN']);
const ATTEMPTS = 5;

/** Taken between our pick and the insert: Better Auth's refusal, or the database's unique slug index. */
function slugTaken(error: unknown): boolean {
  const { body, code, constraint, message } = (error ?? {}) as Record<string, unknown> & { body?: { code?: unknown } };
  if (typeof body?.code === 'string' && SLUG_TAKEN.has(body.code)) return true;
  if (code === '23505') return String(constraint).includes('slug');
  return code === 'SQLITE_CONSTRAINT_UNIQUE' && String(message).includes('slug');
}

/** Who the new organization is for: the signed-in caller of a request, or a user an admin names. */
export type OrganizationCreator = { headers: Headers } | { userId: string };

/**
 * Creates an organization through Better Auth (so its own rules and hooks apply) with a slug the
 * server picks from the name: every slug is made here. A slug taken in the meantime is picked again.
 */
export async function createOrganizationNamed(auth: Auth, db: Kysely<DB>, name: string, creator: OrganizationCreator) {
  for (let attempt = 1; ; attempt += 1) {
    const slug = await freeOrganizationSlug(db, name);
    try {
      return 'headers' in creator
        ? await auth.api.createOrganization({ body: { name, slug }, headers: creator.headers })
        : await auth.api.createOrganization({
            body: { name, slug, userId: creator.userId, keepCurrentActiveOrganization: true },
          });
    } catch (error) {
      if (!slugTaken(error)) throw error;
      // Still taken after every pick (a burst of the same name): a clear conflict, never the database's error.
      if (attempt >= ATTEMPTS) {
        throw APIError.from('CONFLICT', errorOf('ORGANIZATION_SLUG_ALREADY_TAKEN'));
      }
    }
  }
}
