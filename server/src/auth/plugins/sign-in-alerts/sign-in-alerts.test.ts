import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ENV, signInAdmin } from '#test/accounts';
import { TestClient } from '#test/http-client';
import { startSmtpSink } from '#test/smtp-sink';
import { createTestContext, ENGINES, TEST_ORIGIN, type TestContext } from '#test/test-context';
import { awayFromStepEdge, totpCode } from '#test/totp';
import {
  alertsTo,
  BROWSERS,
  headersFrom,
  PASSWORD,
  seenBy,
  settled,
  signInFrom,
  type Origin,
} from '#test/fixtures/sign-in-alerts';

const LISBON: Origin = { browser: BROWSERS.chromeWindows, ip: '198.51.100.7', country: 'PT', city: 'Lisbon' };

describe.each(ENGINES)('sign-in alerts on %s', (engine) => {
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let context: TestContext;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    context = await createTestContext(engine, {
      env: { ...ADMIN_ENV, SMTP_URL: smtp.url, TRUST_PROXY_GEO_HEADERS: 'true', GEOIP_DATABASE: 'off' },
    });
  });
  afterAll(async () => {
    await context?.destroy();
    await smtp?.close();
  });

  const alerts = (email: string) => alertsTo(smtp.received, email);

  /** An account signed up, then signed in once from Lisbon with Chrome on Windows (its baseline). */
  async function registered(label: string, name = label) {
    const email = `${label}-${engine}@example.com`;
    const client = new TestClient(context.app);
    const signUp = await client.post(
      '/api/auth/sign-up/email',
      { email, password: PASSWORD, name },
      headersFrom(LISBON),
    );
    expect(signUp.status, signUp.text).toBe(200);
    const id = signUp.body.user.id as string;
    await settled(context);
    expect(await seenBy(context, id)).toEqual([]);
    const signedIn = await signInFrom(context, email, LISBON);
    return { email, id, client, signedIn };
  }

  it('records the first sign-in without a mail (sign-up records nothing), and the same browser again mails nothing', async () => {
    const { email, id } = await registered('first');
    expect(await seenBy(context, id)).toEqual(['country PT', 'device Chrome on Windows']);
    const times = () =>
      context.database.db
        .selectFrom('signInSeen')
        .select(['firstSeenAt', 'lastSeenAt'])
        .where('userId', '=', id)
        .execute();
    const [before] = await times();

    await signInFrom(context, email, { ...LISBON, browser: BROWSERS.chromeWindowsUpdated, ip: '198.51.100.8' });
    expect(await seenBy(context, id)).toEqual(['country PT', 'device Chrome on Windows']);
    const [after] = await times();
    expect(after!.firstSeenAt).toBe(before!.firstSeenAt);
    expect(after!.lastSeenAt > before!.lastSeenAt).toBe(true);
    expect(alerts(email)).toEqual([]);
  });

  it('mails one alert for a new browser, with browser, system, address, place, time and the way to the profile', async () => {
    const { email, id } = await registered('new-browser', '<b>Eve</b>');
    const firefox = { ...LISBON, browser: BROWSERS.firefoxLinux, ip: '203.0.113.9' };
    await signInFrom(context, email, firefox);
    const [raw, ...more] = alerts(email);
    expect(more).toEqual([]);
    expect(raw).toContain('from a browser it had not signed in from before');
    expect(raw).toContain('Browser: Firefox 132 on Linux');
    expect(raw).toContain('IP address: 203.0.113.9');
    expect(raw).toContain('Location: Lisbon, Portugal');
    expect(raw).toMatch(/Time: \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
    expect(raw).toContain(`${TEST_ORIGIN}/profile`);
    expect(raw).toContain('change your password');
    expect(raw).toMatch(/multipart\/alternative/);
    expect(raw).toContain('&lt;b&gt;Eve&lt;/b&gt;');
    expect(raw).not.toContain('<b>Eve</b>,</p>');
    expect(await seenBy(context, id)).toEqual(['country PT', 'device Chrome on Windows', 'device Firefox on Linux']);

    // Known from now on.
    await signInFrom(context, email, firefox);
    expect(alerts(email)).toHaveLength(1);
  });

  it('mails an alert for a new country, naming the place', async () => {
    const { email, id } = await registered('new-country');
    await signInFrom(context, email, { ...LISBON, ip: '192.0.2.44', country: 'FR', city: 'Paris' });
    const [raw, ...more] = alerts(email);
    expect(more).toEqual([]);
    expect(raw).toContain('from a country it had not signed in from before');
    expect(raw).toContain('Location: Paris, France');
    expect(raw).toContain('IP address: 192.0.2.44');
    expect(await seenBy(context, id)).toEqual(['country FR', 'country PT', 'device Chrome on Windows']);
  });

  it('records without mailing while the person has alerts off, and mails news again once back on', async () => {
    const { email, id, signedIn } = await registered('switch');
    const put = (enabled: boolean) => signedIn.request('PUT', '/api/v1/me/sign-in-alerts', { json: { enabled } });
    expect((await signedIn.get('/api/v1/me/sign-in-alerts')).body).toEqual({ data: { enabled: true } });
    expect((await put(false)).body).toEqual({ data: { enabled: false } });
    expect((await signedIn.get('/api/v1/me/sign-in-alerts')).body).toEqual({ data: { enabled: false } });

    await signInFrom(context, email, { ...LISBON, browser: BROWSERS.safariIphone, country: 'ES' });
    expect(alerts(email)).toEqual([]);
    expect(await seenBy(context, id)).toContain('device Safari on iOS');
    expect(await seenBy(context, id)).toContain('country ES');

    expect((await put(true)).body).toEqual({ data: { enabled: true } });
    await signInFrom(context, email, { ...LISBON, browser: BROWSERS.safariIphone, country: 'ES' });
    expect(alerts(email)).toEqual([]);
    await signInFrom(context, email, { ...LISBON, browser: BROWSERS.firefoxLinux });
    const [raw, ...more] = alerts(email);
    expect(more).toEqual([]);
    expect(raw).toContain('Browser: Firefox 132 on Linux');
  });

  it('notes nothing of a guest, an impersonation, nor the new sessions a password confirmation or change makes', async () => {
    const guest = await new TestClient(context.app).post('/api/auth/sign-in/anonymous', {}, headersFrom(LISBON));
    expect(guest.status).toBe(200);
    const { email, id, signedIn } = await registered('not-sign-ins');
    const admin = await signInAdmin(context.app);
    const safari = headersFrom({ ...LISBON, browser: BROWSERS.safariIphone, country: 'JP' });
    const impersonated = await admin.post(
      '/api/auth/admin/impersonate-user',
      { userId: id, reason: 'support ticket' },
      safari,
    );
    expect(impersonated.status, impersonated.text).toBe(200);
    const confirmed = await signedIn.post(
      '/api/auth/fresh-session',
      { password: PASSWORD },
      headersFrom({ ...LISBON, browser: BROWSERS.safariIphone, country: 'AR' }),
    );
    expect(confirmed.status, confirmed.text).toBe(200);
    const changed = await signedIn.post(
      '/api/auth/change-password',
      { currentPassword: PASSWORD, newPassword: `${PASSWORD}-new` },
      headersFrom({ ...LISBON, browser: BROWSERS.firefoxLinux, country: 'BR' }),
    );
    expect(changed.status, changed.text).toBe(200);
    await settled(context);

    expect(await seenBy(context, guest.body.user.id)).toEqual([]);
    expect(await seenBy(context, id)).toEqual(['country PT', 'device Chrome on Windows']);
    expect(alerts(email)).toEqual([]);
  });

  it('alerts after the second factor of a two-factor sign-in, never at the password alone', async () => {
    const { email, id, signedIn } = await registered('two-factor');
    const safari = headersFrom({ ...LISBON, browser: BROWSERS.safariIphone, country: 'JP' });
    const enabled = await signedIn.post('/api/auth/two-factor/enable', { password: PASSWORD });
    const secret = new URL(enabled.body.totpURI as string).searchParams.get('secret')!;
    // Confirming the app makes a new session too: that is no sign-in.
    // The previous step's code: the current one is left for the sign-in (a code is accepted once).
    await awayFromStepEdge();
    const confirmed = await signedIn.post(
      '/api/auth/two-factor/verify-totp',
      { code: totpCode(secret, { offsetSteps: -1 }) },
      safari,
    );
    expect(confirmed.status, confirmed.text).toBe(200);

    const browser = new TestClient(context.app);
    const firefox = headersFrom({ ...LISBON, browser: BROWSERS.firefoxLinux });
    const password = await browser.post('/api/auth/sign-in/email', { email, password: PASSWORD }, firefox);
    expect(password.body).toMatchObject({ twoFactorRedirect: true });
    await settled(context);
    expect(await seenBy(context, id)).toEqual(['country PT', 'device Chrome on Windows']);
    expect(alerts(email)).toEqual([]);

    const code = await browser.post('/api/auth/two-factor/verify-totp', { code: totpCode(secret) }, firefox);
    expect(code.status, code.text).toBe(200);
    await settled(context);
    expect(await seenBy(context, id)).toContain('device Firefox on Linux');
    const [raw, ...more] = alerts(email);
    expect(more).toEqual([]);
    expect(raw).toContain('Browser: Firefox 132 on Linux');
  });

  it('forgets what it recorded with the account', async () => {
    const { id, signedIn } = await registered('deleted');
    expect((await signedIn.request('PUT', '/api/v1/me/sign-in-alerts', { json: { enabled: false } })).status).toBe(200);
    expect((await signedIn.post('/api/auth/delete-user', { password: PASSWORD })).status).toBe(200);
    const { db } = context.database;
    expect(await db.selectFrom('signInSeen').select('id').where('userId', '=', id).execute()).toEqual([]);
    expect(await db.selectFrom('signInAlertSetting').select('userId').where('userId', '=', id).execute()).toEqual([]);
  });
});
