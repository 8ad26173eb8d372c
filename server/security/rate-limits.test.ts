import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { API_RATE_LIMITS, FAILED_SIGN_INS_PER_ACCOUNT } from '../src/http/rate-limit';
import { TestClient } from '#test/http-client';
import type { TestContext } from '#test/test-context';
import { contextPerSuite, sharedInstancesPerSuite } from '#test/suite';
import { admin, impersonation, plainUser } from './support/principals';

const LIMITS_ON = { UNSAFE_DISABLE_RATE_LIMIT: 'false' };
/** A fresh client address per case: counts are kept per address, and must not leak between cases. */
const address = () => `198.18.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;
const { perAccount, perAddress } = API_RATE_LIMITS;

/** A browser holding the session of a new account, signed up from an address of its own. */
async function newAccount(context: TestContext): Promise<TestClient> {
  const person = new TestClient(context.app);
  const signedUp = await person.post(
    '/api/auth/sign-up/email',
    { email: `limited-${crypto.randomUUID()}@example.com`, password: 'limited-password-1', name: 'Limited' },
    { 'x-forwarded-for': address() },
  );
  expect(signedUp.status, signedUp.text).toBe(200);
  return person;
}

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
    const limited = await new TestClient(suite.context.app).post(
      '/api/auth/sign-in/email',
      { email: 'victim@example.com', password: 'guess-4-password' },
      { 'x-forwarded-for': from },
    );
    // Better Auth's own refusal, told as every other 429 is.
    expect(limited.status).toBe(429);
    expect(limited.body?.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
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
      ['failure', 'RATE_LIMITED'],
    ]);
  });

  it(`refuses an account's sign-in after ${FAILED_SIGN_INS_PER_ACCOUNT.points} failures, from any number of addresses, the right password too`, async () => {
    const { app } = suite.context;
    const account = async () => {
      const email = `guessed-${crypto.randomUUID()}@example.com`;
      const signUp = { email, password: 'right-password-1', name: 'Guessed' };
      expect(
        (await new TestClient(app).post('/api/auth/sign-up/email', signUp, { 'x-forwarded-for': address() })).status,
      ).toBe(200);
      return (password: string) =>
        new TestClient(app).post('/api/auth/sign-in/email', { email, password }, { 'x-forwarded-for': address() });
    };
    const signIn = await account();
    for (let attempt = 0; attempt < FAILED_SIGN_INS_PER_ACCOUNT.points; attempt += 1) {
      expect((await signIn(`wrong-${attempt}-password`)).status).toBe(401);
    }
    const refused = await signIn('right-password-1');
    expect(refused.status).toBe(429);
    expect(refused.body?.code).toBe('RATE_LIMITED');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another account, from the same addresses or any, signs in.
    expect((await (await account())('right-password-1')).status).toBe(200);
  });

  it(`refuses an anonymous write after ${perAddress.writes} a minute on /api/v1, with Retry-After, for that address only`, async () => {
    const from = address();
    const write = (ip: string) =>
      new TestClient(suite.context.app).post('/api/v1/admin/organizations', { name: 'x' }, { 'x-forwarded-for': ip });
    for (let index = 0; index < perAddress.writes; index += 1) expect((await write(from)).status).toBe(401);
    const refused = await write(from);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('RATE_LIMITED');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await write(address())).status).toBe(401);
  });

  it(`refuses an anonymous request after ${perAddress.all} a minute on /api/v1, but never the health check`, async () => {
    const from = address();
    const read = (path: string) => new TestClient(suite.context.app).get(path, { 'x-forwarded-for': from });
    for (let index = 0; index < perAddress.all; index += 1) expect((await read('/api/v1/me')).status).toBe(401);
    expect((await read('/api/v1/me')).status).toBe(429);
    expect((await read('/api/v1/health')).status).toBe(200);
  });

  it(`does not share one address's allowance among the accounts behind it (an office behind one NAT)`, async () => {
    const people = [await newAccount(suite.context), await newAccount(suite.context), await newAccount(suite.context)];
    const office = address();
    const statuses = new Map<number, number>();
    const count = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
    // Together well over one address's allowance, each under its own account's.
    for (let round = 0; round < 250; round += 1) {
      for (const person of people) {
        const path = round % 5 === 0 ? '/api/v1/me' : '/api/auth/get-session';
        count((await person.get(path, { 'x-forwarded-for': office })).status);
      }
    }
    // Better Auth's other endpoints too: its own limiter would allow 100 in 10 s per address and path.
    for (let round = 0; round < 70; round += 1) {
      for (const person of people.slice(0, 2)) {
        count((await person.get('/api/auth/list-sessions', { 'x-forwarded-for': office })).status);
      }
    }
    expect(Object.fromEntries(statuses)).toEqual({ 200: 250 * 3 + 70 * 2 });
  });

  it(`refuses one account its request after ${perAccount.all} a minute, with Retry-After, from any number of addresses`, async () => {
    const person = await newAccount(suite.context);
    const check = () => person.get('/api/auth/get-session', { 'x-forwarded-for': address() });
    for (let index = 0; index < perAccount.all; index += 1) expect((await check()).status).toBe(200);
    const refused = await check();
    expect(refused.status).toBe(429);
    expect(refused.body?.code).toBe('RATE_LIMITED');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // The limit is the account's, wherever it calls from: /api/v1 and Better Auth's endpoints alike.
    expect((await person.get('/api/v1/me', { 'x-forwarded-for': address() })).status).toBe(429);
    expect((await person.get('/api/auth/list-sessions', { 'x-forwarded-for': address() })).status).toBe(429);
    // Another account behind the same addresses is not held up.
    expect((await (await newAccount(suite.context)).get('/api/v1/me', { 'x-forwarded-for': address() })).status).toBe(
      200,
    );
  });

  it('counts an impersonation against the admin behind it, never against the user looked at', async () => {
    const by = await admin(suite.context);
    const target = await plainUser(suite.context);
    const looking = await impersonation(suite.context, by, target);
    let accepted = 0;
    while (accepted <= perAccount.all) {
      const answer = await looking.get('/api/auth/get-session', { 'x-forwarded-for': address() });
      if (answer.status === 429) break;
      accepted += 1;
    }
    // The admin's allowance, already touched by the admin's own sign-in and checks.
    expect(accepted).toBeLessThan(perAccount.all);
    expect((await by.client.get('/api/v1/me', { 'x-forwarded-for': address() })).status).toBe(429);
    expect((await target.client.get('/api/v1/me', { 'x-forwarded-for': address() })).status).toBe(200);
  });

  it(`refuses one account its write after ${perAccount.writes} a minute, from any number of addresses`, async () => {
    const person = await newAccount(suite.context);
    const write = () => person.post('/api/auth/update-user', { name: 'Renamed' }, { 'x-forwarded-for': address() });
    for (let index = 0; index < perAccount.writes; index += 1) expect((await write()).status).toBe(200);
    const refused = await write();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('counts API keys made up at random against the address that sends them', async () => {
    const from = address();
    const call = () =>
      new TestClient(suite.context.app).get('/api/v1/me', {
        'x-forwarded-for': from,
        'x-api-key': `made-up-${crypto.randomUUID()}`,
      });
    for (let index = 0; index < perAddress.all; index += 1) expect((await call()).status).not.toBe(429);
    const refused = await call();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('ASVS V4 API: rate limits shared by instances through Redis', () => {
  const instances = sharedInstancesPerSuite('sqlite', { env: LIMITS_ON });

  it('counts one address across instances: spreading writes over two does not double the allowance', async () => {
    const { first, second } = instances;
    const from = address();
    const write = (context: TestContext) =>
      new TestClient(context.app).post('/api/v1/admin/organizations', { name: 'x' }, { 'x-forwarded-for': from });
    for (let index = 0; index < perAddress.writes; index += 1) {
      expect((await write(index % 2 === 0 ? first : second)).status).toBe(401);
    }
    expect((await write(first)).status).toBe(429);
    expect((await write(second)).status).toBe(429);
  });

  it('counts one account across instances and addresses, and not the others behind its address', async () => {
    const { first, second } = instances;
    const person = await newAccount(first);
    const cookie = person.cookieHeader;
    const office = address();
    const check = (context: TestContext, from: string, session = cookie) =>
      new TestClient(context.app).get('/api/auth/get-session', { 'x-forwarded-for': from, cookie: session });
    for (let index = 0; index < perAccount.all; index += 1) {
      expect((await check(index % 2 === 0 ? first : second, index % 3 === 0 ? office : address())).status).toBe(200);
    }
    expect((await check(first, address())).status).toBe(429);
    expect((await check(second, address())).status).toBe(429);
    // A colleague behind the same address is not held up, on either instance.
    const colleague = (await newAccount(second)).cookieHeader;
    expect((await check(first, office, colleague)).status).toBe(200);
    expect((await check(second, office, colleague)).status).toBe(200);
  });
});
