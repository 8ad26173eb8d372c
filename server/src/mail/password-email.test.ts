import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signUp } from '#test/accounts';
import { decodeQuotedPrintable, startSmtpSink } from '#test/smtp-sink';
import { createTestContext, TEST_ORIGIN, type TestContext } from '#test/test-context';

describe('password mail over a real SMTP conversation', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let context: TestContext;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    context = await createTestContext('sqlite', { env: { SMTP_URL: smtp.url, MAIL_FROM: 'id@gatehouse.test' } });
  });
  afterAll(async () => {
    await context?.destroy();
    await smtp?.close();
  });

  /** The raw message to `to` whose subject matches, once it has arrived (reset links are not awaited). */
  const received = (to: string, subject: string) =>
    vi.waitFor(
      () => {
        const found = smtp.received
          .filter((mail) => mail.to.includes(to))
          .map((mail) => decodeQuotedPrintable(mail.raw))
          .find((raw) => raw.includes(`Subject: ${subject}`));
        expect(found).toBeDefined();
        return found!;
      },
      { timeout: 10_000 },
    );

  it('delivers the reset link in text and HTML, to PUBLIC_URL whatever the Host header, saying when it expires', async () => {
    const email = 'smtp-reset@example.com';
    const { client } = await signUp(context.app, { email, name: '<b>Eve</b>' });
    const asked = await client.post(
      '/api/auth/request-password-reset',
      { email, redirectTo: `${TEST_ORIGIN}/reset-password` },
      { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
    );
    expect(asked.status).toBe(200);

    const raw = await received(email, 'Reset your Gatehouse password');
    expect(raw).toMatch(/multipart\/alternative/);
    expect(raw).toContain(`${TEST_ORIGIN}/api/auth/reset-password/`);
    expect(raw).toContain('works once, within 1 hour');
    expect(raw).toContain('&lt;b&gt;Eve&lt;/b&gt;');
    expect(raw).not.toContain('<b>Eve</b>,</p>');
    expect(raw).not.toContain('evil.example');
  });

  it('delivers the notice of a changed password', async () => {
    const email = 'smtp-changed@example.com';
    const { client } = await signUp(context.app, { email, password: 'old-password-1' });
    const changed = await client.post('/api/auth/change-password', {
      currentPassword: 'old-password-1',
      newPassword: 'new-password-1',
    });
    expect(changed.status).toBe(200);

    const raw = await received(email, 'Your Gatehouse password was changed');
    expect(raw).toContain('Every other session of the account has been signed out.');
    expect(raw).toContain(`${TEST_ORIGIN}/forgot-password`);
  });
});
