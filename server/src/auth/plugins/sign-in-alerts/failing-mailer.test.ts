import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTestContext } from '#test/accounts';
import { TestClient } from '#test/http-client';
import { startSmtpSink, subjectOf } from '#test/smtp-sink';
import { ENGINES } from '#test/test-context';
import { createLogger } from '../../../lib/logger';
import {
  ALERT_SUBJECT,
  BROWSERS,
  headersFrom,
  PASSWORD,
  seenBy,
  settled,
  signInFrom,
} from '#test/fixtures/sign-in-alerts';

describe.each(ENGINES)('sign-in alerts with a failing mailer on %s', (engine) => {
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  beforeAll(async () => {
    smtp = await startSmtpSink({ refuse: true });
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
      expect(smtp.received.map(subjectOf)).toEqual([ALERT_SUBJECT]);
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
