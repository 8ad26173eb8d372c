import { describe, expect, it } from 'vitest';
import { MAIL_SIGN_IN_LIMITS } from '#common/mail-sign-in';
import { verifyEmail } from '#test/accounts';
import { TestClient } from '#test/http-client';
import { contextPerSuite } from '#test/suite';
import { TEST_ORIGIN } from '#test/test-context';
import { mailFlow } from '#test/mail-sign-in';
import { signUp } from './support/principals';

const EVIL = 'https://evil.example';
const SEND_LINK = '/api/auth/sign-in/magic-link';
const SEND_CODE = '/api/auth/email-otp/send-verification-otp';
const CHECK_CODE = '/api/auth/sign-in/email-otp';

describe('ASVS V6 authentication: sign-in by mail', () => {
  const suite = contextPerSuite('sqlite', { env: { EMAIL_SIGN_IN: 'link,code', UNSAFE_DISABLE_RATE_LIMIT: 'false' } });
  // Better Auth counts per client address in one store for the whole process: an address of its own.
  const flow = mailFlow(() => suite.context, { 'x-forwarded-for': '192.0.2.10' });

  /** A verified account and its browser (a mail sign-in into an unverified one claims it). */
  async function person(label: string) {
    const someone = await signUp(suite.context, label);
    await verifyEmail(suite.context, someone.client, someone.email);
    return someone;
  }

  it('tells nothing about which addresses have accounts: same status, body and cookies, mail only to the known', async () => {
    const known = await person('Known');
    const unknown = `not-${known.email}`;
    for (const path of [SEND_LINK, SEND_CODE]) {
      const ask = (email: string) =>
        flow.client().post(path, { email, type: 'sign-in' }, { 'x-forwarded-for': '192.0.2.11' });
      const [a, b] = [await ask(known.email), await ask(unknown)];
      expect([a.status, b.status]).toEqual([200, 200]);
      expect(a.text).toBe(b.text);
      expect(a.headers.get('set-cookie')).toBe(b.headers.get('set-cookie'));
    }
    await flow.newest(known.email, 'Your Gatehouse sign-in code');
    expect(suite.context.mailer.outbox!.list(unknown)).toEqual([]);
  });

  it('refuses a replayed code and a replayed link, and a code of one address for another', async () => {
    const owner = await person('Owner');
    const other = await person('Other');
    await flow.askCode(owner.email);
    const code = await flow.codeOf(owner.email);
    expect((await flow.checkCode(other.email, code)).status).toBe(400);
    expect((await flow.checkCode(owner.email, code)).status).toBe(200);
    expect((await flow.checkCode(owner.email, code)).body.code).toBe('INVALID_OTP');

    await flow.askLink(owner.email);
    const link = await flow.linkOf(owner.email);
    expect((await flow.client().get(link)).headers.get('location')).toBe(`${TEST_ORIGIN}/profile`);
    const replay = flow.client();
    expect(new URL((await replay.get(link)).headers.get('location')!).searchParams.get('error')).toBe('INVALID_TOKEN');
    expect(replay.cookie('better-auth.session_token')).toBeUndefined();
  });

  it('limits mails to one address from many client addresses, and never one person for another behind one address', async () => {
    const target = await person('Flooded');
    const neighbour = await person('Neighbour');
    for (let sent = 0; sent < MAIL_SIGN_IN_LIMITS.sendsPerAddressPerHour; sent += 1) {
      const from = { 'x-forwarded-for': `192.0.2.${100 + sent}` };
      expect((await flow.client().post(SEND_CODE, { email: target.email, type: 'sign-in' }, from)).status).toBe(200);
    }
    const refused = await flow.client().post(SEND_LINK, { email: target.email }, { 'x-forwarded-for': '192.0.2.200' });
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('RATE_LIMITED');
    // The same office address asks for the neighbour: their own allowance.
    const office = { 'x-forwarded-for': '192.0.2.100' };
    expect((await flow.client().post(SEND_CODE, { email: neighbour.email, type: 'sign-in' }, office)).status).toBe(200);
  });

  it('refuses a page on another site: sends and code checks', async () => {
    const someone = await person('Origin');
    for (const [path, body] of [
      [SEND_LINK, { email: someone.email }],
      [SEND_CODE, { email: someone.email, type: 'sign-in' }],
      [CHECK_CODE, { email: someone.email, otp: '123456' }],
    ] as const) {
      const refused = await flow.client().request('POST', path, {
        json: body,
        headers: { origin: EVIL, 'x-forwarded-for': '192.0.2.12' },
      });
      expect(refused.status, path).toBe(403);
      expect(refused.body).toMatchObject({ code: 'INVALID_ORIGIN' });
    }
    expect(suite.context.mailer.outbox!.list(someone.email).filter((mail) => /sign-in/.test(mail.subject))).toEqual([]);
  });

  it('refuses a link that would lead elsewhere when it is asked for, not when it is followed', async () => {
    const someone = await person('Elsewhere');
    for (const field of ['callbackURL', 'newUserCallbackURL', 'errorCallbackURL']) {
      for (const url of [EVIL, '//evil.example', `${TEST_ORIGIN}.evil.example/profile`]) {
        const refused = await flow.askLink(someone.email, flow.client(), { [field]: url });
        expect(refused.status, `${field} ${url}`).toBe(403);
      }
    }
    expect((await flow.askLink(someone.email, flow.client(), { callbackURL: '/organizations' })).status).toBe(200);
    const link = new URL(`${TEST_ORIGIN}${await flow.linkOf(someone.email)}`);
    expect(link.searchParams.get('callbackURL')).toBe('/organizations');
    expect(link.searchParams.get('errorCallbackURL')).toBe(`${TEST_ORIGIN}/auth`);
  });

  it('gives an API key no session: a key with a right code signs in nobody but as a browser would', async () => {
    const keyOwner = await person('Keyed');
    const key = (await keyOwner.client.post('/api/auth/api-key/create', { name: 'mail' })).body.key as string;
    const headers = { 'x-api-key': key, 'x-forwarded-for': '192.0.2.13' };
    const asked = await new TestClient(suite.context.app).post(
      SEND_CODE,
      { email: keyOwner.email, type: 'sign-in' },
      headers,
    );
    expect(asked.status).toBe(200);
    // A wrong code with the key: refused, as without it.
    const checked = await new TestClient(suite.context.app).post(
      CHECK_CODE,
      { email: keyOwner.email, otp: '000000' },
      headers,
    );
    expect(checked.status).toBe(400);
    expect(checked.headers.get('set-cookie') ?? '').not.toContain('session_token=');
  });

  it('answers wrong types with 400, never a 500 or a mail', async () => {
    const ip = { 'x-forwarded-for': '192.0.2.14' };
    const cases: Array<[string, unknown]> = [
      [SEND_LINK, { email: 42 }],
      [SEND_LINK, { email: ['a@example.com'] }],
      [SEND_LINK, { email: 'not-an-address' }],
      [SEND_CODE, { email: {}, type: 'sign-in' }],
      [SEND_CODE, { email: 'a@example.com', type: 'sign-in-please' }],
      [SEND_CODE, { email: 'a@example.com' }],
      [CHECK_CODE, { email: 'a@example.com', otp: 123456 }],
      [CHECK_CODE, { email: null, otp: '123456' }],
      [CHECK_CODE, { otp: '123456' }],
    ];
    for (const [path, body] of cases) {
      const answer = await flow.client().post(path, body, ip);
      expect(answer.status, `${path} ${JSON.stringify(body)}`).toBe(400);
    }
    const link = await flow.client().get('/api/auth/magic-link/verify?token[]=x', ip);
    expect(link.status).toBeLessThan(500);
  });
});
