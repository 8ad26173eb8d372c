import { beforeAll, describe, expect, it } from 'vitest';
import { decodeQuotedPrintable } from '#test/smtp-sink';
import { ENGINES, TEST_ORIGIN, type TestContext } from '#test/test-context';
import { organization, plainUser, uniqueEmail, type Person } from '../support/principals';
import { offOrigin } from './destinations';
import { contextsWithMailSink } from './mail-sink-contexts';

const { contexts, sink } = contextsWithMailSink();

describe('ASVS V3 Web Frontend Security', () => {
  describe.each(ENGINES)('links in mail on %s', (engine) => {
    let context: TestContext;
    beforeAll(async () => {
      context = await contexts.get(engine);
    });

    /** Headers a client or a misconfigured proxy could send to make links point at another host. */
    const SPOOFED_HOST = {
      host: 'evil.example',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
      'x-forwarded-port': '443',
      forwarded: 'host=evil.example;proto=https',
    };

    /** A POST to the given URL host, with the spoofed headers, the trusted Origin and the person's cookie. */
    const spoofed = (person: Person, path: string, json: unknown) =>
      context.app.fetch(
        new Request(`http://evil.example${path}`, {
          method: 'POST',
          headers: {
            ...SPOOFED_HOST,
            origin: TEST_ORIGIN,
            cookie: person.client.cookieHeader,
            'content-type': 'application/json',
          },
          body: JSON.stringify(json),
        }),
      );

    /** The newest mail to the address, as received by the SMTP server, decoded. */
    async function mailTo(address: string): Promise<string> {
      for (let attempt = 0; attempt < 50; attempt += 1) {
        const mail = [...sink().received].reverse().find((message) => message.to.includes(address));
        if (mail) return decodeQuotedPrintable(mail.raw).replace(/&amp;/g, '&');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`no mail to ${address}`);
    }

    const linksIn = (mail: string) => [...mail.matchAll(/https?:\/\/[^\s"'<>]+/g)].map((match) => match[0]);

    /** Every link points at the trusted origin, and the spoofed host appears nowhere in the mail. */
    function expectLinksOnTrustedOrigin(mail: string) {
      const links = linksIn(mail);
      expect(links.length).toBeGreaterThan(0);
      for (const link of links) expect(new URL(link).origin, link).toBe(TEST_ORIGIN);
      expect(mail).not.toContain('evil.example');
    }

    it('keeps the verification link on the trusted origin whatever Host and X-Forwarded-Host say', async () => {
      const person = await plainUser(context, 'Verify Link');
      const response = await spoofed(person, '/api/auth/send-verification-email', { email: person.email });
      expect(response.status).toBe(200);
      const mail = await mailTo(person.email);
      expectLinksOnTrustedOrigin(mail);
      // Following the link with the same headers lands on the trusted origin too.
      const link = new URL(linksIn(mail).find((candidate) => candidate.includes('/verify-email'))!);
      const followed = await context.app.fetch(
        new Request(`http://evil.example${link.pathname}${link.search}`, { headers: SPOOFED_HOST }),
      );
      expect(followed.status).toBeLessThan(400);
      expect(offOrigin(followed.headers.get('location'))).toBe(false);
    });

    it('keeps the change-email approval link on the trusted origin whatever Host and X-Forwarded-Host say', async () => {
      const person = await plainUser(context, 'Change Link');
      // Only a verified address gets an approval mail (an unverified one changes at once).
      await (await context.auth.$context).internalAdapter.updateUser(person.id, { emailVerified: true });
      const response = await spoofed(person, '/api/auth/change-email', { newEmail: uniqueEmail('new-address') });
      expect(response.status).toBe(200);
      expectLinksOnTrustedOrigin(await mailTo(person.email));
    });

    it('keeps the invitation link on the trusted origin whatever Host and X-Forwarded-Host say', async () => {
      const org = await organization(context, 'Mail');
      const invitee = uniqueEmail('invited');
      const response = await spoofed(org.owner, '/api/auth/organization/invite-member', {
        email: invitee,
        role: 'member',
        organizationId: org.id,
      });
      expect(response.status).toBe(200);
      expectLinksOnTrustedOrigin(await mailTo(invitee));
    });
  });
});
