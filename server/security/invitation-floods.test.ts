import { describe, expect, it } from 'vitest';
import { INVITATIONS_PER_HOUR } from '../src/auth/plugins/invitation-guard';
import { signUp, verifyEmail } from '#test/accounts';
import { TestClient } from '#test/http-client';
import { contextPerSuite, sharedInstancesPerSuite } from '#test/suite';
import type { TestContext } from '#test/test-context';

const LIMITS_ON = { UNSAFE_DISABLE_RATE_LIMIT: 'false' };

/** A verified owner of a new organization (the only kind of account that may invite). */
async function verifiedOwner(context: TestContext, label: string) {
  const email = `${label}@example.com`;
  const { client } = await signUp(context.app, { email });
  await verifyEmail(context, client, email);
  const created = await client.post('/api/auth/organization/create', { name: `${label} org`, slug: label });
  expect(created.status, created.text).toBe(200);
  return { client, organizationId: created.body.id as string };
}

const invite = (client: TestClient, organizationId: string, email: string, resend = false) =>
  client.post('/api/auth/organization/invite-member', { email, role: 'member', organizationId, resend });

/**
 * Invitation floods: one address sent mail after mail (resends, or many organizations), or one
 * account mailing everyone, with names written to look like ours.
 */
describe('ASVS V6 authentication: invitation floods', () => {
  describe('on one instance (sqlite)', () => {
    const suite = contextPerSuite('sqlite', { env: LIMITS_ON });

    it('sends one address a few invitations an hour, from whoever they come', async () => {
      const { context } = suite;
      const first = await verifiedOwner(context, 'flood-first');
      const second = await verifiedOwner(context, 'flood-second');
      const victim = 'flooded@example.com';
      expect((await invite(first.client, first.organizationId, victim)).status).toBe(200);
      for (let resend = 1; resend < INVITATIONS_PER_HOUR.perRecipient; resend++) {
        expect((await invite(first.client, first.organizationId, victim, true)).status).toBe(200);
      }
      const refused = await invite(first.client, first.organizationId, victim, true);
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ code: 'RATE_LIMITED' });
      expect(refused.body.message).toMatch(/^This address has been sent too many invitations in the last hour\./);
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
      // Another organization does not reset the count.
      expect((await invite(second.client, second.organizationId, victim)).status).toBe(429);
      expect(context.mailer.outbox!.list(victim)).toHaveLength(INVITATIONS_PER_HOUR.perRecipient);
    });

    it('lets one account send a bounded number of invitations an hour', async () => {
      const { context } = suite;
      const owner = await verifiedOwner(context, 'flood-inviter');
      let sent = 0;
      let refused: Awaited<ReturnType<typeof invite>> | undefined;
      for (let index = 0; index <= INVITATIONS_PER_HOUR.perInviter; index++) {
        const answer = await invite(owner.client, owner.organizationId, `many-${index}@example.com`);
        if (answer.status !== 200) {
          refused = answer;
          break;
        }
        sent++;
      }
      expect(sent).toBe(INVITATIONS_PER_HOUR.perInviter);
      expect(refused?.status).toBe(429);
      expect(refused?.body.message).toMatch(/^You have sent too many invitations in the last hour\./);
    });
  });

  describe('across two instances sharing Redis (postgres)', () => {
    const instances = sharedInstancesPerSuite('postgres', { env: LIMITS_ON });

    it('counts one address once, whichever instance sends', async () => {
      const owner = await verifiedOwner(instances.first, 'shared-flood');
      const onSecond = new TestClient(instances.second.app);
      const victim = 'shared-flooded@example.com';
      // Turn about: the first instance, then the second with the same session, and so on.
      const send = (index: number) =>
        index % 2 === 0
          ? invite(owner.client, owner.organizationId, victim, index > 0)
          : onSecond.request('POST', '/api/auth/organization/invite-member', {
              headers: { cookie: owner.client.cookieHeader },
              json: { email: victim, role: 'member', organizationId: owner.organizationId, resend: true },
            });
      for (let index = 0; index < INVITATIONS_PER_HOUR.perRecipient; index++) {
        const answer = await send(index);
        expect(answer.status, answer.text).toBe(200);
      }
      const refused = await send(INVITATIONS_PER_HOUR.perRecipient);
      expect(refused.status).toBe(429);
    });
  });
});
