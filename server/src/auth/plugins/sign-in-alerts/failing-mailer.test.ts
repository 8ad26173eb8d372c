import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTestContext } from '../../../testing/accounts';
import { TestClient } from '../../../testing/http-client';
import { ENGINES } from '../../../testing/test-context';
import { createLogger } from '../../../lib/logger';
import { ALERT_SUBJECT, BROWSERS, headersFrom, PASSWORD, seenBy, settled, signInFrom } from './fixtures';

/** A real SMTP server that refuses every message, keeping the subjects it was offered. */
async function refusingSmtp() {
  const offered: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        offered.push(/^Subject: (.*)$/m.exec(Buffer.concat(chunks).toString('utf8'))?.[1]?.trim() ?? '');
        callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    offered,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

describe.each(ENGINES)('sign-in alerts with a failing mailer on %s', (engine) => {
  let smtp: Awaited<ReturnType<typeof refusingSmtp>>;
  beforeAll(async () => {
    smtp = await refusingSmtp();
  });
  afterAll(async () => smtp?.close());

  it('still signs in (200) and records what was seen; the failure is logged, never answered', async () => {
    const lines: Array<{ level: string; msg: string; error?: string }> = [];
    const logger = createLogger('error', (line) => lines.push(JSON.parse(line)));
    const env = { SMTP_URL: smtp.url, TRUST_PROXY_GEO_HEADERS: 'true', GEOIP_DATABASE: 'off' };
    await withTestContext(engine, { logger, env }, async (context) => {
      const email = `failing-mailer-${engine}@example.com`;
      const origin = { browser: BROWSERS.chromeWindows, ip: '198.51.100.7', country: 'PT' };
      const signUp = await new TestClient(context.app).post(
        '/api/auth/sign-up/email',
        { email, password: PASSWORD, name: 'Failing' },
        headersFrom(origin),
      );
      expect(signUp.status, signUp.text).toBe(200);
      await signInFrom(context, email, origin);

      // signInFrom fails the test unless the answer is 200.
      const client = await signInFrom(context, email, { ...origin, browser: BROWSERS.firefoxLinux });
      expect((await client.get('/api/v1/me')).body.data.email).toBe(email);
      await settled(context);
      expect(smtp.offered).toEqual([ALERT_SUBJECT]);
      expect(await seenBy(context, signUp.body.user.id)).toEqual([
        'country PT',
        'device Chrome on Windows',
        'device Firefox on Linux',
      ]);
      expect(lines).toContainEqual(
        expect.objectContaining({ level: 'error', msg: 'sign-in alert failed', error: expect.stringMatching(/550/) }),
      );
    });
  });
});
