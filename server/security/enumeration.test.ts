import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_UPS_PER_HOUR } from '../src/auth/auth';
import { TestClient } from '#test/http-client';
import { createTestContext, type TestContext } from '#test/test-context';

describe('ASVS V6 authentication: account enumeration at sign-up', () => {
  let context: TestContext;
  let hashes = 0;
  beforeAll(async () => {
    context = await createTestContext('sqlite', { env: { UNSAFE_DISABLE_RATE_LIMIT: 'false' } });
    // Count the password hashes each answer costs: the work, not the clock, is what must match.
    const { password } = await context.auth.$context;
    const hash = password.hash;
    password.hash = (secret: string) => {
      hashes += 1;
      return hash(secret);
    };
  });
  afterAll(async () => context?.destroy());

  const signUp = (email: string, ip: string) =>
    new TestClient(context.app).post(
      '/api/auth/sign-up/email',
      { email, password: 'probe-password-1', name: 'Probe' },
      { 'x-forwarded-for': ip },
    );

  it('spends the same password hashing on a taken address as on a new account', async () => {
    hashes = 0;
    expect((await signUp('taken@example.com', '198.51.100.1')).status).toBe(200);
    const forNew = hashes;
    hashes = 0;
    const taken = await signUp('Taken@Example.com', '198.51.100.2');
    expect(taken.status).toBe(422);
    expect(forNew).toBe(1);
    expect(hashes).toBe(forNew);
  });

  it(`limits sign-up attempts to ${SIGN_UPS_PER_HOUR} an hour from one address`, async () => {
    const ip = '198.51.100.77';
    const statuses = [];
    for (let attempt = 0; attempt <= SIGN_UPS_PER_HOUR; attempt += 1) {
      // Taken addresses: each attempt is a probe, and creates nothing.
      statuses.push((await signUp('taken@example.com', ip)).status);
    }
    expect(statuses.slice(0, SIGN_UPS_PER_HOUR).every((status) => status === 422)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // Another address is not held back by it.
    expect((await signUp('taken@example.com', '198.51.100.78')).status).toBe(422);
  });

  it('answers sign-in alike for an unknown address and a wrong password', async () => {
    const attempt = (email: string) =>
      new TestClient(context.app).post(
        '/api/auth/sign-in/email',
        { email, password: 'wrong-password-1' },
        { 'x-forwarded-for': `203.0.113.${email.length}` },
      );
    const unknown = await attempt('nobody@example.com');
    const wrong = await attempt('taken@example.com');
    expect([unknown.status, wrong.status]).toEqual([401, 401]);
    expect(unknown.body).toEqual(wrong.body);
  });
});
