import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { API_RATE_LIMITS } from '../http/rate-limit';
import { TestClient } from '../testing/http-client';
import type { TestContext } from '../testing/test-context';
import { contextPerSuite, sharedInstancesPerSuite } from '../testing/suite';

const LIMITS_ON = { UNSAFE_DISABLE_RATE_LIMIT: 'false' };
/** A fresh client address per case: counts are kept per address, and must not leak between cases. */
const address = () => `198.18.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;

describe('ASVS V6 authentication and V4 API: rate limits', () => {
  const suite = contextPerSuite('sqlite', { env: LIMITS_ON });

  it('slows password guessing: the fourth sign-in within 10 s from one address gets 429', async () => {
    const from = address();
    const statuses = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const response = await new TestClient(suite.context.app).post(
        '/api/auth/sign-in/email',
        { email: 'victim@example.com', password: `guess-${attempt}-password` },
        { 'x-forwarded-for': from },
      );
      statuses.push(response.status);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    // Every attempt is in the audit trail, the limited one too (Better Auth never saw it).
    await suite.context.audit.flush();
    const recorded = await suite.context.database.db
      .selectFrom('auditEvent')
      .select(['outcome', 'details'])
      .where('action', '=', 'user.sign_in')
      .where('ipAddress', '=', from)
      .orderBy('createdAt')
      .execute();
    expect(recorded.map((event) => [event.outcome, JSON.parse(event.details ?? '{}').code])).toEqual([
      ['failure', 'INVALID_EMAIL_OR_PASSWORD'],
      ['failure', 'INVALID_EMAIL_OR_PASSWORD'],
      ['failure', 'INVALID_EMAIL_OR_PASSWORD'],
      ['failure', 'RATE_LIMITED'],
    ]);
  });

  it(`refuses the write after ${API_RATE_LIMITS.writes} a minute on /api/v1, with Retry-After, for that address only`, async () => {
    const from = address();
    const write = (ip: string) =>
      new TestClient(suite.context.app).post('/api/v1/admin/organizations', { name: 'x' }, { 'x-forwarded-for': ip });
    for (let index = 0; index < API_RATE_LIMITS.writes; index += 1) expect((await write(from)).status).toBe(401);
    const refused = await write(from);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('RATE_LIMITED');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await write(address())).status).toBe(401);
  });

  it(`refuses the request after ${API_RATE_LIMITS.all} a minute on /api/v1, but never the health check`, async () => {
    const from = address();
    const read = (path: string) => new TestClient(suite.context.app).get(path, { 'x-forwarded-for': from });
    for (let index = 0; index < API_RATE_LIMITS.all; index += 1) expect((await read('/api/v1/me')).status).toBe(401);
    expect((await read('/api/v1/me')).status).toBe(429);
    expect((await read('/api/v1/health')).status).toBe(200);
  });

  it(`counts the session check answered without Better Auth against the same ${API_RATE_LIMITS.all} a minute`, async () => {
    const person = new TestClient(suite.context.app);
    const signedUp = await person.post(
      '/api/auth/sign-up/email',
      { email: `limited-${crypto.randomUUID()}@example.com`, password: 'limited-password-1', name: 'Limited' },
      { 'x-forwarded-for': address() },
    );
    expect(signedUp.status, signedUp.text).toBe(200);
    const from = address();
    const check = () => person.get('/api/auth/get-session', { 'x-forwarded-for': from });
    for (let index = 0; index < API_RATE_LIMITS.all; index += 1) expect((await check()).status).toBe(200);
    const refused = await check();
    expect(refused.status).toBe(429);
    expect(refused.body?.code).toBe('RATE_LIMITED');
  });
});

describe('ASVS V4 API: rate limits shared by instances through Redis', () => {
  const instances = sharedInstancesPerSuite('sqlite', { env: LIMITS_ON });

  it('counts one address across instances: spreading writes over two does not double the allowance', async () => {
    const { first, second } = instances;
    const from = address();
    const write = (context: TestContext) =>
      new TestClient(context.app).post('/api/v1/admin/organizations', { name: 'x' }, { 'x-forwarded-for': from });
    for (let index = 0; index < API_RATE_LIMITS.writes; index += 1) {
      expect((await write(index % 2 === 0 ? first : second)).status).toBe(401);
    }
    expect((await write(first)).status).toBe(429);
    expect((await write(second)).status).toBe(429);
  });
});
