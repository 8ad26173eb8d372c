import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { verifyEmail } from '#test/accounts';
import { organizationRows } from '#test/organization-rows';
import { ENGINES } from '#test/test-context';
import { acmePerSuite } from '../access-control/organization-attacks';
import { signUp } from '../support/principals';
import { answer, setPolicies } from './policies';

const addressAt = (domain: string) => `invitee-${crypto.randomBytes(4).toString('hex')}@${domain}`;

describe('ASVS V8 Authorization: invitations only to the domains an organization lists', () => {
  describe.each(ENGINES)('on %s', (engine) => {
    const acme = acmePerSuite(engine);
    const invite = (email: string) =>
      acme.org.owner.client.post('/api/auth/organization/invite-member', {
        organizationId: acme.org.id,
        email,
        role: 'member',
      });

    it('refuses an invitation to an address outside the listed domains (403), case and subdomains included', async () => {
      await setPolicies(acme.context, acme.org.id, { invitationDomains: ['acme.test', 'partner.test'] });
      const before = await organizationRows(acme.context, acme.org.id);
      for (const email of [addressAt('example.com'), addressAt('sub.acme.test'), addressAt('acme.test.evil.net')]) {
        expect(answer(await invite(email)), email).toEqual({ status: 403, code: 'INVITATION_DOMAIN_NOT_ALLOWED' });
      }
      const resend = await acme.org.owner.client.post('/api/auth/organization/invite-member', {
        organizationId: acme.org.id,
        email: acme.inviteeEmail,
        role: 'member',
        resend: true,
      });
      expect(answer(resend)).toEqual({ status: 403, code: 'INVITATION_DOMAIN_NOT_ALLOWED' });
      expect(await organizationRows(acme.context, acme.org.id)).toEqual(before);
    });

    it('sends an invitation to an address at a listed domain, whatever its case', async () => {
      const response = await invite(addressAt('Partner.TEST'));
      expect(response.status, response.text).toBe(200);
    });

    it('refuses accepting an invitation sent before the policy, to an address now outside it; it stays pending', async () => {
      await setPolicies(acme.context, acme.org.id, { invitationDomains: [] });
      const invitee = await signUp(acme.context, 'Early Invitee');
      await verifyEmail(acme.context, invitee.client, invitee.email);
      const sent = await invite(invitee.email);
      expect(sent.status, sent.text).toBe(200);
      await setPolicies(acme.context, acme.org.id, { invitationDomains: ['acme.test'] });
      const before = await organizationRows(acme.context, acme.org.id);
      const accepted = await invitee.client.post('/api/auth/organization/accept-invitation', {
        invitationId: (sent.body as { id: string }).id,
      });
      expect(answer(accepted)).toEqual({ status: 403, code: 'INVITATION_DOMAIN_NOT_ALLOWED' });
      expect(await organizationRows(acme.context, acme.org.id)).toEqual(before);
      // Without the policy, the same invitation is accepted.
      await setPolicies(acme.context, acme.org.id, { invitationDomains: [] });
      const later = await invitee.client.post('/api/auth/organization/accept-invitation', {
        invitationId: (sent.body as { id: string }).id,
      });
      expect(later.status, later.text).toBe(200);
    });

    it('tells a plain member and an outsider nothing of the policy: they are refused as without it', async () => {
      await setPolicies(acme.context, acme.org.id, { invitationDomains: ['acme.test'] });
      for (const client of [acme.org.member.client, acme.org.outsider.client]) {
        const response = await client.post('/api/auth/organization/invite-member', {
          organizationId: acme.org.id,
          email: addressAt('example.com'),
          role: 'member',
        });
        expect(response.status).toBe(403);
        expect(answer(response).code).not.toBe('INVITATION_DOMAIN_NOT_ALLOWED');
      }
    });
  });
});
