import crypto from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RESET_REQUESTS_PER_HOUR } from '../src/auth/password-guard';
import { signUp, withTestContext } from '#test/accounts';
import { TestClient } from '#test/http-client';
import { contextPerSuite } from '#test/suite';
import { TEST_ORIGIN, type TestContext } from '#test/test-context';

const LIMITS_ON = { UNSAFE_DISABLE_RATE_LIMIT: 'false' };
/** A fresh client address per case: counts are kept per address, and must not leak between cases. */
const address = () => `198.19.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;
const unknownEmail = () => `nobody-${crypto.randomUUID()}@example.com`;

const askReset = (context: TestContext, email: string, from = address()) =>
  new TestClient(context.app).post(
    '/api/auth/request-password-reset',
    { email, redirectTo: `${TEST_ORIGIN}/reset-password` },
    { 'x-forwarded-for': from },
  );

describe('ASVS V6 authentication: password reset requests', () => {
  const suite = contextPerSuite('sqlite', { env: LIMITS_ON });

  it(`limits one client address to ${RESET_REQUESTS_PER_HOUR.perClient} requests an hour, whatever the addresses asked`, async () => {
    const from = address();
    const statuses = [];
    for (let attempt = 0; attempt <= RESET_REQUESTS_PER_HOUR.perClient; attempt += 1) {
      statuses.push((await askReset(suite.context, unknownEmail(), from)).status);
    }
    expect(statuses.slice(0, -1).every((status) => status === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect((await askReset(suite.context, unknownEmail())).status).toBe(200);
  });

  it(`limits one email address to ${RESET_REQUESTS_PER_HOUR.perEmail} requests an hour from anywhere, known or not alike`, async () => {
    const known = `flooded-${crypto.randomUUID()}@example.com`;
    await new TestClient(suite.context.app).post(
      '/api/auth/sign-up/email',
      { email: known, password: 'flooded-password-1', name: 'Flooded' },
      { 'x-forwarded-for': address() },
    );
    const unknown = unknownEmail();
    for (const email of [known, unknown]) {
      for (let attempt = 0; attempt < RESET_REQUESTS_PER_HOUR.perEmail; attempt += 1) {
        expect((await askReset(suite.context, email)).status).toBe(200);
      }
    }
    // Differently written, the same mailbox.
    const refusedKnown = await askReset(suite.context, known.toUpperCase());
    const refusedUnknown = await askReset(suite.context, unknown);
    expect([refusedKnown.status, refusedUnknown.status]).toEqual([429, 429]);
    expect(refusedKnown.body).toEqual(refusedUnknown.body);
    expect(refusedKnown.body.code).toBe('RATE_LIMITED');
    expect(Number(refusedKnown.headers.get('retry-after'))).toBeGreaterThan(0);
    const mails = suite.context.mailer.outbox!.list(known).filter((mail) => mail.subject.startsWith('Reset'));
    expect(mails).toHaveLength(RESET_REQUESTS_PER_HOUR.perEmail);
  });
});

describe('ASVS V6 authentication: guessing the current password with a stolen session', () => {
  const suite = contextPerSuite('sqlite', { env: LIMITS_ON });

  it('refuses the fourth change-password attempt within 10 s from one address', async () => {
    const person = new TestClient(suite.context.app);
    const email = `guessed-${crypto.randomUUID()}@example.com`;
    const signedUp = await person.post(
      '/api/auth/sign-up/email',
      { email, password: 'guessed-password-1', name: 'Guessed' },
      { 'x-forwarded-for': address() },
    );
    expect(signedUp.status, signedUp.text).toBe(200);
    const from = address();
    const statuses = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const guess = { currentPassword: `guess-${attempt}-password`, newPassword: 'taken-over-1' };
      statuses.push((await person.post('/api/auth/change-password', guess, { 'x-forwarded-for': from })).status);
    }
    expect(statuses).toEqual([400, 400, 400, 429]);
  });
});

describe('ASVS V6 authentication: a reset request tells nothing about the account', () => {
  /** An SMTP server that accepts connections and never says a word: sending waits for ever. */
  let silent: net.Server;
  let sockets: net.Socket[] = [];
  beforeAll(async () => {
    silent = net.createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    sockets = [];
    await new Promise((resolve) => silent.close(resolve));
  });

  it('answers at once and alike while the mail server hangs', async () => {
    const { port } = silent.address() as net.AddressInfo;
    await withTestContext('sqlite', { env: { SMTP_URL: `smtp://127.0.0.1:${port}` } }, async (context) => {
      await signUp(context.app, { email: 'waiting@example.com' });
      const started = performance.now();
      const known = await askReset(context, 'waiting@example.com');
      const elapsed = performance.now() - started;
      const unknown = await askReset(context, unknownEmail());
      expect([known.status, unknown.status]).toEqual([200, 200]);
      expect(known.text).toBe(unknown.text);
      expect(elapsed).toBeLessThan(2000);
      // The mail did set out, and is waiting for the server's greeting (nodemailer waits 30 s for it).
      await vi.waitFor(() => expect(sockets.length).toBeGreaterThan(0), { timeout: 10_000 });
    });
  });

  it('answers alike when the mail server is down (no 502 for a known address)', async () => {
    await withTestContext('sqlite', { env: { SMTP_URL: 'smtp://127.0.0.1:9' } }, async (context) => {
      await signUp(context.app, { email: 'down@example.com' });
      const known = await askReset(context, 'down@example.com');
      const unknown = await askReset(context, unknownEmail());
      expect([known.status, unknown.status]).toEqual([200, 200]);
      expect(known.text).toBe(unknown.text);
    });
  });

  it('says to everyone alike that no mail can be sent in production without SMTP', async () => {
    const env = { NODE_ENV: 'production', BETTER_AUTH_SECRET: '3f9a1c7e5b2d8046a9e1f3c5b7d9e2a4c6f8b0d1' };
    await withTestContext('sqlite', { env }, async (context) => {
      await signUp(context.app, { email: 'prod@example.com' });
      const known = await askReset(context, 'prod@example.com');
      const unknown = await askReset(context, unknownEmail());
      expect([known.status, unknown.status]).toEqual([503, 503]);
      expect(known.body.message).toBe('Email is not configured on this server (set SMTP_URL)');
      expect(known.body).toEqual(unknown.body);
    });
  });
});
