import { isAPIError } from 'better-auth/api';
import { Hono } from 'hono';
import {
  adminBulkActionSchema,
  BULK_OWN_ACCOUNT,
  type AdminBulkAnswer,
  type AdminBulkResult,
} from '#common/admin-bulk';
import { ERROR_CODES, type ApiData } from '#common/error-codes';
import { codeOfStatus } from '#common/error-status';
import type { z } from 'zod';
import type { Auth } from '../../auth/auth';
import type { Database } from '../../db/database';
import { errorFields, type Logger } from '../../lib/logger';
import type { PrincipalVariables } from '../../http/session';
import { validate } from '../../http/validate';

type BulkInput = z.output<typeof adminBulkActionSchema>;

/** What a failure that is no refusal (a bug, an outage) says in its user's result; the log has the rest. */
export const BULK_FAILED = { code: 'ACTION_FAILED', message: ERROR_CODES.ACTION_FAILED } as const;
type Refusal = { code: string; message: string };
const NOT_FOUND: Refusal = { code: 'USER_NOT_FOUND', message: ERROR_CODES.USER_NOT_FOUND };

/**
 * One user's action through Better Auth's own admin endpoint, as the caller (their headers): its
 * permission check, its refusals, our hooks (the last-owner rule, the audit trail) all apply. One
 * endpoint call per user, so each user's change is Better Auth's own, whole.
 */
async function actOn(
  auth: Auth,
  database: Database,
  input: BulkInput,
  userId: string,
  callerHeaders: Headers,
): Promise<Refusal | undefined> {
  // The audit trail notes who acted by the headers object: each call gets its own.
  const headers = new Headers(callerHeaders);
  switch (input.action) {
    case 'ban':
      await auth.api.banUser({
        body: { userId, banReason: input.banReason || undefined, banExpiresIn: input.banExpiresIn },
        headers,
      });
      return;
    case 'unban':
      await auth.api.unbanUser({ body: { userId }, headers });
      return;
    case 'revoke-sessions': {
      // Better Auth would answer success for an id that is nobody's.
      const user = await database.db.selectFrom('user').select('id').where('id', '=', userId).executeTakeFirst();
      if (!user) return NOT_FOUND;
      await auth.api.revokeUserSessions({ body: { userId }, headers });
      return;
    }
    case 'delete':
      await auth.api.removeUser({ body: { userId }, headers });
      return;
  }
}

/** Better Auth's refusal (its code and words), or undefined for anything else. */
function refusalOf(error: unknown): Refusal | undefined {
  if (!isAPIError(error)) return undefined;
  const body = error.body as { code?: unknown; message?: unknown } | undefined;
  return {
    code: typeof body?.code === 'string' ? body.code : codeOfStatus(error.statusCode),
    message: typeof body?.message === 'string' ? body.message : error.message,
  };
}

/**
 * `POST /users/bulk`, under the admin routes (which check the caller): one action on up to 100
 * users, one after another; one user's failure never stops the others, and each gets its result.
 */
export function userBulkRoutes({ auth, database, logger }: { auth: Auth; database: Database; logger: Logger }) {
  return new Hono<{ Variables: PrincipalVariables }>().post(
    '/users/bulk',
    validate('json', adminBulkActionSchema),
    async (c) => {
      const input = c.req.valid('json');
      const callerId = c.get('principal').user.id;
      const results: AdminBulkResult[] = [];
      for (const userId of input.userIds) {
        // Never the caller's own account, whatever Better Auth would say of that action.
        if (userId === callerId) {
          results.push({ userId, ok: false, ...BULK_OWN_ACCOUNT });
          continue;
        }
        try {
          const refusal = await actOn(auth, database, input, userId, c.req.raw.headers);
          results.push(refusal ? { userId, ok: false, ...refusal } : { userId, ok: true });
        } catch (error) {
          const refusal = refusalOf(error);
          if (!refusal)
            logger.error('bulk admin action failed', { action: input.action, userId, ...errorFields(error) });
          results.push({ userId, ok: false, ...(refusal ?? BULK_FAILED) });
        }
      }
      return c.json<ApiData<AdminBulkAnswer>>({ data: { results } });
    },
  );
}
