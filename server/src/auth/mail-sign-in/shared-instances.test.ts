import { describe, expect, it } from 'vitest';
import { MAIL_SIGN_IN_LIMITS } from '#common/mail-sign-in';
import { signUp, verifyEmail } from '#test/accounts';
import { mailFlow, PROFILE } from '#test/mail-sign-in';
import { sharedInstancesPerSuite } from '#test/suite';
import { SESSION_COOKIE } from '#test/two-factor';

/** Behind a load balancer with Redis: links, codes and their limits hold whichever instance answers. */
describe('sign-in by mail across instances sharing Redis', () => {
  const instances = sharedInstancesPerSuite('postgres', {
    env: { EMAIL_SIGN_IN: 'link,code', UNSAFE_DISABLE_RATE_LIMIT: 'false' },
  });
  const ip = { 'x-forwarded-for': '198.51.100.9' };
  const first = mailFlow(() => instances.first, ip);
  const second = mailFlow(() => instances.second, ip);

  async function verified(email: string) {
    const { client } = await signUp(instances.first.app, { email });
    await verifyEmail(instances.first, client, email);
  }

  it('takes a code and a link asked on one instance on the other, once, even used on both at once', async () => {
    const email = 'balanced-mail@example.com';
    await verified(email);
    await first.askCode(email);
    const code = await first.codeOf(email);
    const checked = await Promise.all([first.checkCode(email, code), second.checkCode(email, code)]);
    expect(checked.map((answer) => answer.status).sort()).toEqual([200, 400]);

    await first.askLink(email);
    const link = await first.linkOf(email);
    const browsers = [first.client(), second.client()];
    const landed = await Promise.all(browsers.map((browser) => browser.get(link)));
    expect(landed.filter((answer) => answer.headers.get('location') === PROFILE)).toHaveLength(1);
    expect(browsers.filter((browser) => browser.cookie(SESSION_COOKIE))).toHaveLength(1);
  });

  it('counts the mails to one address on both instances together', async () => {
    const email = 'balanced-flood@example.com';
    await verified(email);
    for (let sent = 0; sent < MAIL_SIGN_IN_LIMITS.sendsPerAddressPerHour; sent += 1) {
      expect((await (sent % 2 === 0 ? first : second).askCode(email)).status).toBe(200);
    }
    expect((await first.askLink(email)).status).toBe(429);
    expect((await second.askLink(email)).status).toBe(429);
  });
});
