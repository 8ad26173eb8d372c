import { Hono } from 'hono';
import type { ApiData } from '#common/error-codes';
import type { LinkedAccounts, SignInProvider } from '#common/identity-providers';
import type { Auth } from '../auth/auth';
import { listLinkedAccounts } from '../auth/identity-providers/linked-accounts';
import type { Database } from '../db/database';
import { requireUser, type PrincipalVariables } from '../http/session';

/**
 * `GET /api/v1/me/linked-accounts`: the caller's accounts at providers (Linked accounts on the
 * profile), with the address each was linked with. Linking and unlinking go through Better Auth
 * (`/link-social`, `/unlink-account`). The person's own, in the console: a session, never an API key.
 */
export function myLinkedAccountRoutes({
  auth,
  database,
  providers,
}: {
  auth: Auth;
  database: Database;
  providers: SignInProvider[];
}) {
  return new Hono<{ Variables: PrincipalVariables }>().get('/', requireUser(auth), async (c) => {
    const { user } = c.get('principal');
    // A guest has no address a provider could match: nothing to list, nothing to link.
    const data: LinkedAccounts = user.isAnonymous
      ? { accounts: [], available: [], canUnlink: false }
      : await listLinkedAccounts(database, user.id, providers);
    return c.json<ApiData<LinkedAccounts>>({ data });
  });
}
