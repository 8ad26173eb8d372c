import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp as signUpAccount } from '../testing/accounts';
import type { TestClient } from '../testing/http-client';
import { createTestContext, ENGINES, type TestContext } from '../testing/test-context';

describe.each(ENGINES)('invitations on %s', (engine) => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestContext(engine);
  });
  afterAll(async () => context?.destroy());

  const signUp = async (email: string, name: string) => (await signUpAccount(context.app, { email, name })).client;
  const invite = (owner: TestClient, organizationId: string, email: string, role = 'member') =>
    owner.post('/api/auth/organization/invite-member', { email, role, organizationId });
  /** A new account made a plain member of the organization. */
  async function member(organizationId: string, email: string, name: string) {
    const { client, id } = await signUpAccount(context.app, { email, name });
    await context.auth.api.addMember({ body: { userId: id, organizationId, role: 'member' } });
    return client;
  }

  /** Proves the address the way a person does: the mailed verification link. */
  async function verify(client: TestClient, email: string) {
    await client.post('/api/auth/send-verification-email', { email });
    const link = new URL(context.mailer.outbox!.list(email)[0]!.links[0]!);
    await client.get(`${link.pathname}${link.search}`);
  }

  it('mails the invitee, who sees the invitation, accepts it and becomes a member', async () => {
    const owner = await signUp('owner@example.com', 'Owner');
    const organization = (await owner.post('/api/auth/organization/create', { name: 'Initech', slug: 'initech' })).body;
    const invited = await invite(owner, organization.id, 'guest@example.com');
    expect(invited.status).toBe(200);

    const mail = context.mailer.outbox!.list('guest@example.com')[0]!;
    expect(mail.subject).toBe('You are invited to join Initech');
    expect(mail.text).toContain('Owner invited you to join Initech on Gatehouse as member.');
    expect(mail.links).toEqual(['http://localhost:3000/profile']);

    const pending = await owner.get(`/api/auth/organization/list-invitations?organizationId=${organization.id}`);
    expect(pending.body).toMatchObject([{ email: 'guest@example.com', status: 'pending' }]);

    const guest = await signUp('guest@example.com', 'Guest');
    // Invitations are shown only to a verified owner of the address.
    expect((await guest.get('/api/auth/organization/list-user-invitations')).body.code).toBe(
      'EMAIL_VERIFICATION_REQUIRED_FOR_INVITATION',
    );
    expect((await guest.get('/api/v1/invitations')).status).toBe(403);
    await guest.post('/api/auth/send-verification-email', { email: 'guest@example.com' });
    const link = new URL(context.mailer.outbox!.list('guest@example.com')[0]!.links[0]!);
    await guest.get(`${link.pathname}${link.search}`);
    const mine = await guest.get('/api/v1/invitations');
    expect(mine.body.data).toMatchObject([
      { id: invited.body.id, organizationName: 'Initech', inviterEmail: 'owner@example.com', role: 'member' },
    ]);
    expect(Date.parse(mine.body.data[0]!.expiresAt)).toBeGreaterThan(Date.now() + 6 * 24 * 3600 * 1000);

    // Someone else cannot accept it for them.
    const stranger = await signUp('stranger@example.com', 'Stranger');
    expect(
      (await stranger.post('/api/auth/organization/accept-invitation', { invitationId: invited.body.id })).status,
    ).toBeGreaterThanOrEqual(400);

    expect(
      (await guest.post('/api/auth/organization/accept-invitation', { invitationId: invited.body.id })).status,
    ).toBe(200);
    expect((await guest.get('/api/v1/invitations')).body.data).toEqual([]);
    const organizations = (await guest.get('/api/v1/organizations')).body.data;
    expect(organizations).toMatchObject([{ name: 'Initech', role: 'member', memberCount: 2 }]);
  });

  it('lets the invitee reject, and an admin cancel', async () => {
    const owner = await signUp('boss@example.com', 'Boss');
    const organization = (await owner.post('/api/auth/organization/create', { name: 'Hooli', slug: 'hooli' })).body;
    const first = await invite(owner, organization.id, 'no@example.com');
    const second = await invite(owner, organization.id, 'later@example.com', 'admin');

    const invitee = await signUp('no@example.com', 'No');
    // Until the address is proven, the account may not answer for it.
    const unproven = await invitee.post('/api/auth/organization/reject-invitation', { invitationId: first.body.id });
    expect(unproven.status).toBe(403);
    await verify(invitee, 'no@example.com');
    expect(
      (await invitee.post('/api/auth/organization/reject-invitation', { invitationId: first.body.id })).status,
    ).toBe(200);
    expect((await invitee.get('/api/v1/organizations')).body.data).toEqual([]);

    expect(
      (await owner.post('/api/auth/organization/cancel-invitation', { invitationId: second.body.id })).status,
    ).toBe(200);
    const statuses = (
      await owner.get(`/api/auth/organization/list-invitations?organizationId=${organization.id}`)
    ).body.map((invitation: { email: string; status: string }) => [invitation.email, invitation.status]);
    expect(Object.fromEntries(statuses)).toEqual({ 'no@example.com': 'rejected', 'later@example.com': 'canceled' });

    // A plain member may not invite.
    const plain = await member(organization.id, 'plain@example.com', 'Plain');
    const refused = await invite(plain, organization.id, 'x@example.com');
    expect(refused.status).toBe(403);
  });

  it('refuses invitation squatting: members cannot list invitations, unverified accounts cannot accept', async () => {
    const owner = await signUp('founder@example.com', 'Founder');
    const organization = (await owner.post('/api/auth/organization/create', { name: 'Pied Piper', slug: 'pied' })).body;
    const invitation = await invite(owner, organization.id, 'cto@example.com', 'admin');
    const intern = await member(organization.id, 'intern@example.com', 'Intern');
    const listed = await intern.get(`/api/auth/organization/list-invitations?organizationId=${organization.id}`);
    expect(listed.status).toBe(403);
    expect(JSON.stringify(listed.body)).not.toContain(invitation.body.id);
    const full = await intern.get(`/api/auth/organization/get-full-organization?organizationId=${organization.id}`);
    expect(full.body?.invitations).toEqual([]);

    const squatter = await signUp('cto@example.com', 'Not The CTO');
    const accepted = await squatter.post('/api/auth/organization/accept-invitation', {
      invitationId: invitation.body.id,
    });
    expect(accepted.status).toBe(403);
    expect(accepted.body.code).toBe('EMAIL_VERIFICATION_REQUIRED_BEFORE_ACCEPTING_OR_REJECTING_INVITATION');
    expect((await squatter.get('/api/v1/organizations')).body.data).toEqual([]);
    const pending = await owner.get(`/api/auth/organization/list-invitations?organizationId=${organization.id}`);
    expect(pending.body).toMatchObject([{ email: 'cto@example.com', status: 'pending' }]);
  });
});
