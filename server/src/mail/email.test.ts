import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, withTestContext } from '#test/accounts';
import { TestClient } from '#test/http-client';
import { decodeQuotedPrintable, startSmtpSink } from '#test/smtp-sink';
import { createTestContext, ENGINES, TEST_ORIGIN, type TestContext } from '#test/test-context';
import { SMTP_TIMEOUTS, type StoredMail } from './mailer';

describe('mail over a real SMTP conversation', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let context: TestContext;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    context = await createTestContext('sqlite', {
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'Gatehouse <id@gatehouse.test>' },
    });
  });
  afterAll(async () => {
    await context?.destroy();
    await smtp?.close();
  });

  it('delivers the verification email with text and HTML parts, linking to PUBLIC_URL whatever the Host header', async () => {
    const { client } = await signUp(context.app, { email: 'smtp@example.com', name: 'Smtp' });
    const sent = await client.post(
      '/api/auth/send-verification-email',
      { email: 'smtp@example.com', callbackURL: `${TEST_ORIGIN}/profile` },
      { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
    );
    expect(sent.status).toBe(200);

    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail!.to).toEqual(['smtp@example.com']);
    expect(mail!.from).toBe('id@gatehouse.test');
    const raw = decodeQuotedPrintable(mail!.raw);
    expect(raw).toMatch(/Subject: Verify your email address/);
    expect(raw).toMatch(/multipart\/alternative/);
    expect(raw).toMatch(/Content-Type: text\/plain/);
    expect(raw).toMatch(/Content-Type: text\/html/);
    expect(raw).toContain(`${TEST_ORIGIN}/api/auth/verify-email?token=`);
    expect(raw).not.toContain('evil.example');
  });
});

describe('an SMTP server that cannot be reached', () => {
  it('answers 502 with a message, not a 500', async () => {
    // A port nothing listens on: the connection is refused at once.
    await withTestContext('sqlite', { env: { SMTP_URL: 'smtp://127.0.0.1:9' } }, async (context) => {
      const { client } = await signUp(context.app, { email: 'down@example.com' });
      const sent = await client.post('/api/auth/send-verification-email', { email: 'down@example.com' });
      expect(sent.status).toBe(502);
      expect(sent.body.message).toBe('The email could not be sent. Try again later.');
    });
  });
});

describe('an SMTP server that accepts the connection and never answers', () => {
  it('fails the send within its timeout and answers 502, never holding the request', async () => {
    const silent = net.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    try {
      // The greeting timeout shortened through the URL, as an operator may (the default is 10 s).
      const env = { SMTP_URL: `smtp://127.0.0.1:${port}?greetingTimeout=300` };
      await withTestContext('sqlite', { env }, async (context) => {
        const { client } = await signUp(context.app, { email: 'silent@example.com' });
        const started = Date.now();
        const sent = await client.post('/api/auth/send-verification-email', { email: 'silent@example.com' });
        expect(sent.status).toBe(502);
        expect(Date.now() - started).toBeLessThan(SMTP_TIMEOUTS.greetingTimeout);
      });
    } finally {
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});

describe('production without SMTP', () => {
  it('answers a clear 503 instead of pretending to send, and has no mailbox', async () => {
    const env = { NODE_ENV: 'production', BETTER_AUTH_SECRET: '3f9a1c7e5b2d8046a9e1f3c5b7d9e2a4c6f8b0d1' };
    await withTestContext('sqlite', { env }, async (context) => {
      const { client } = await signUp(context.app, { email: 'prod@example.com' });
      const sent = await client.post('/api/auth/send-verification-email', { email: 'prod@example.com' });
      expect(sent.status).toBe(503);
      expect(sent.body.message).toBe('Email is not configured on this server (set SMTP_URL)');
      expect((await client.get('/api/v1/dev/mailbox')).status).toBe(404);
    });
  });
});

describe.each(ENGINES)('email verification and change on %s', (engine) => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestContext(engine);
  });
  afterAll(async () => context?.destroy());

  const inbox = async (_client: TestClient, to: string): Promise<StoredMail[]> => context.mailer.outbox!.list(to);

  /** Follows a mailed link the way a browser would, keeping the client's cookies. */
  const follow = async (client: TestClient, link: string) => {
    const url = new URL(link);
    return client.get(`${url.pathname}${url.search}`);
  };

  const signedUp = async (email: string) => (await signUp(context.app, { email, name: 'Mail' })).client;

  const callbackURL = `${TEST_ORIGIN}/profile`;

  it('verifies an address through the mailed link, then lands back in the console', async () => {
    const client = await signedUp('verify@example.com');
    const sent = await client.post('/api/auth/send-verification-email', { email: 'verify@example.com', callbackURL });
    expect(sent.status).toBe(200);
    const [mail] = await inbox(client, 'verify@example.com');
    expect(mail!.subject).toBe('Verify your email address');
    expect(mail!.html).toContain('<a href="http://localhost:3000/api/auth/verify-email?token=');

    const landed = await follow(client, mail!.links[0]!);
    expect(landed.status).toBe(302);
    expect(landed.headers.get('location')).toBe(callbackURL);
    expect((await client.get('/api/auth/get-session')).body?.user.emailVerified).toBe(true);
  });

  it('sends the visitor back with an error for a forged token', async () => {
    const client = await signedUp('forged@example.com');
    const landed = await client.get(
      `/api/auth/verify-email?token=not-a-token&callbackURL=${encodeURIComponent(callbackURL)}`,
    );
    expect(landed.status).toBe(302);
    expect(landed.headers.get('location')).toMatch(/^http:\/\/localhost:3000\/profile\?error=INVALID_TOKEN$/i);
    expect((await client.get('/api/auth/get-session')).body?.user.emailVerified).toBe(false);
  });

  it('changes an unverified address at once', async () => {
    const client = await signedUp('before@example.com');
    const changed = await client.post('/api/auth/change-email', { newEmail: 'after@example.com', callbackURL });
    expect(changed.status).toBe(200);
    const session = await client.get('/api/auth/get-session');
    expect(session.body?.user.email).toBe('after@example.com');
    expect(session.body?.user.emailVerified).toBe(false);
  });

  it('changes a verified address only after approval from the old inbox, and confirmation of the new one', async () => {
    const client = await signedUp('old@example.com');
    await client.post('/api/auth/send-verification-email', { email: 'old@example.com', callbackURL });
    await follow(client, (await inbox(client, 'old@example.com'))[0]!.links[0]!);

    const requested = await client.post('/api/auth/change-email', { newEmail: 'new@example.com', callbackURL });
    expect(requested.status).toBe(200);
    expect((await client.get('/api/auth/get-session')).body?.user.email).toBe('old@example.com');

    const [approval] = await inbox(client, 'old@example.com');
    expect(approval!.subject).toBe('Approve the change of your email address');
    expect(approval!.text).toContain('new@example.com');
    await follow(client, approval!.links[0]!);
    // Approved, but the new address has not answered yet.
    expect((await client.get('/api/auth/get-session')).body?.user.email).toBe('old@example.com');

    const [confirmation] = await inbox(client, 'new@example.com');
    expect(confirmation).toBeDefined();
    await follow(client, confirmation!.links[0]!);
    const session = await client.get('/api/auth/get-session');
    expect(session.body?.user).toMatchObject({ email: 'new@example.com', emailVerified: true });
  });

  it('refuses a change to the same address', async () => {
    const client = await signedUp('same@example.com');
    const response = await client.post('/api/auth/change-email', { newEmail: 'same@example.com' });
    expect(response.status).toBe(400);
  });
});
