import { Hono, type Context } from 'hono';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import type { ApiData } from '#common/error-codes';
import { SETUP_ERROR_CODES, setupSchema, type SetupAnswer } from '#common/setup';
import type { Auth } from '../auth/auth';
import { createFirstAdmin } from '../auth/first-admin/first-admin';
import { setupLinkState } from '../auth/first-admin/setup-link';
import type { AuditLog } from '../audit/audit-log';
import type { Database } from '../db/database';
import { apiError } from '../http/api-error';
import { clientAddressOf } from '../http/client-address';
import { validate } from '../http/validate';
import { sharedLimiter } from '../lib/limiter';

/** Refused setup links one client address may present in 15 minutes. */
export const SETUP_FAILURES_PER_ADDRESS = { points: 10, minutes: 15 } as const;

/**
 * The first run's setup link (decision 0073): `GET` says whether the link still works, `POST`
 * creates the first admin with it and signs them in. No session or API key counts here: the link's
 * token is the only credential, and once an admin exists both answer 410 whatever they carry.
 */
export function setupRoutes({
  auth,
  database,
  audit,
  redis,
  rateLimited,
}: {
  auth: Auth;
  database: Database;
  audit: AuditLog;
  redis: Redis | undefined;
  rateLimited: boolean;
}) {
  const failures = sharedLimiter(redis, {
    keyPrefix: 'gatehouse:setup-failures',
    points: SETUP_FAILURES_PER_ADDRESS.points,
    duration: SETUP_FAILURES_PER_ADDRESS.minutes * 60,
  });
  const addressOf = (c: Context) => clientAddressOf(c, auth.options) ?? 'unknown';

  /** Too many refused links from this address: 429 until the window passes. */
  const limited = async (c: Context) => {
    if (!rateLimited) return undefined;
    const spent = await failures.get(addressOf(c));
    if (!spent || spent.consumedPoints < SETUP_FAILURES_PER_ADDRESS.points) return undefined;
    const seconds = Math.max(1, Math.ceil(spent.msBeforeNext / 1000));
    c.header('retry-after', String(seconds));
    return apiError(c, 429, 'RATE_LIMITED', `Too many invalid setup links. Try again in ${seconds} s.`);
  };

  const refuse = async (c: Context, kind: 'done' | 'invalid') => {
    if (kind === 'done') return apiError(c, 410, SETUP_ERROR_CODES.SETUP_DONE);
    if (rateLimited) await failures.penalty(addressOf(c));
    return apiError(c, 404, SETUP_ERROR_CODES.INVALID_SETUP_LINK);
  };

  return new Hono()
    .get('/', validate('query', z.object({ token: setupSchema.shape.token })), async (c) => {
      const refused = await limited(c);
      if (refused) return refused;
      const state = await setupLinkState(database.db, c.req.valid('query').token);
      if (state !== 'open') return refuse(c, state);
      return c.json<ApiData<{ open: true }>>({ data: { open: true } });
    })
    .post('/', validate('json', setupSchema), async (c) => {
      const refused = await limited(c);
      if (refused) return refused;
      const input = c.req.valid('json');
      const outcome = await createFirstAdmin(auth, database, input);
      if (outcome.kind === 'taken') return apiError(c, 409, SETUP_ERROR_CODES.SETUP_ADDRESS_TAKEN);
      if (outcome.kind !== 'created' && outcome.kind !== 'promoted') return refuse(c, outcome.kind);
      audit.record({
        action: 'admin.first_admin',
        outcome: 'success',
        actorId: outcome.user.id,
        targetUserId: outcome.user.id,
        ipAddress: clientAddressOf(c, auth.options),
        userAgent: c.req.header('user-agent'),
        details: { account: outcome.kind },
      });
      // Signed in as any sign-in signs in (its session, cookie, audit event), now that the admin exists.
      const { headers, response } = await auth.api.signInEmail({
        body: { email: input.email, password: input.password },
        headers: c.req.raw.headers,
        returnHeaders: true,
      });
      for (const cookie of headers.getSetCookie()) c.header('set-cookie', cookie, { append: true });
      const signedIn = 'token' in response && typeof response.token === 'string';
      return c.json<ApiData<SetupAnswer>>({ data: { user: outcome.user, signedIn } }, 201);
    });
}
