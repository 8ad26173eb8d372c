import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TestClient } from '#test/http-client';
import { contextPerSuite } from '#test/suite';
import { ENGINES } from '#test/test-context';
import { admin, impersonation, PASSWORD, plainUser, signIn } from './support/principals';

const LIMITS_ON = { UNSAFE_DISABLE_RATE_LIMIT: 'false' };
const VERIFY_PASSWORD = '/api/auth/verify-password';
/** A fresh client address per request or case: Better Auth's own limits count per address. */
const address = () => `198.18.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;

const guess = (client: TestClient, password: string, from = address()) =>
  client.post(VERIFY_PASSWORD, { password }, { 'x-forwarded-for': from });

/** Better Auth's `/verify-password` with a session: whether a password is the account's. */
describe('ASVS V6 authentication: the password check as an oracle, limited', () => {
  // The limit is kept in memory or Redis, never in the database: one engine tells.
  const suite = contextPerSuite('sqlite', { env: LIMITS_ON });

  it('answers the fourth guess within 10 s with 429 and Retry-After, from any address, per account', async () => {
    const victim = await plainUser(suite.context, 'Guessed');
    const from = address();
    const statuses = [];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      statuses.push((await guess(victim.client, `guess-${attempt}-password`, from)).status);
    }
    expect(statuses).toEqual([400, 400, 400]);
    const limited = await guess(victim.client, 'guess-3-password', from);
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another address, another session of the same account: still limited, even the right password.
    const elsewhere = await signIn(suite.context, victim.email);
    expect((await guess(elsewhere, PASSWORD, address())).status).toBe(429);
    // Another account is not held up by the first one's limit.
    const other = await plainUser(suite.context, 'Not guessed');
    expect((await guess(other.client, PASSWORD, from)).status).toBe(200);
  });
});

describe.each(ENGINES)('ASVS V6 authentication: the password check as an oracle on %s', (engine) => {
  const suite = contextPerSuite(engine);

  it('records every wrong guess in the audit trail, with the account it was about', async () => {
    const victim = await plainUser(suite.context, 'Audited');
    expect((await guess(victim.client, 'wrong-guess-password')).status).toBe(400);
    await suite.context.audit.flush();
    const recorded = await suite.context.database.db
      .selectFrom('auditEvent')
      .select(['action', 'outcome', 'actorId', 'targetUserId', 'details'])
      .where('targetUserId', '=', victim.id)
      .where('action', '=', 'password.verify')
      .execute();
    expect(recorded.map((event) => ({ ...event, details: JSON.parse(event.details ?? '{}').code }))).toEqual([
      {
        action: 'password.verify',
        outcome: 'failure',
        actorId: victim.id,
        targetUserId: victim.id,
        details: 'INVALID_PASSWORD',
      },
    ]);
  });

  it('refuses the check to an admin impersonating the account, whatever the password', async () => {
    const root = await admin(suite.context, 'Impersonator');
    const target = await plainUser(suite.context, 'Impersonated');
    const acting = await impersonation(suite.context, root, target);
    for (const password of [PASSWORD, 'wrong-guess-password']) {
      const refused = await guess(acting, password);
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('NOT_WHILE_IMPERSONATING');
    }
  });
});
