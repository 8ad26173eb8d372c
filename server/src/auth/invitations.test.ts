import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp as signUpAccount, verifyEmail } from '#test/accounts';
import { TestClient } from '#test/http-client';
import { createTestContext, ENGINES, type TestContext } from '#test/test-context';

describe.each(ENGINES)('invitations on %s', (engine) => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestContext(engine);
  });
  afterAll(async () => context?.destroy());

  const signUp = async (email: string, name: string) => (await signUpAccount(context.app, { email, name })).client;
  /** Only an account whose address is proven may invite: owners verify theirs first. */
  const signUpVerified = async (email: string, name: string) => {
    const client = await signUp(email, name);
    await verifyEmail(context, client, email);
    return client;
  };
  const invite = (owner: TestClient, organizationId: string, email: string, role = 'member') =>
    owner.post('/api/auth/organization/invite-member', { email, role, organizationId });
  /** A new account made a plain member of the organization. */
  async function member(organizationId: string, email: string, name: string) {
    const { client, id } = await signUpAccount(context.app, { email, name });
    await context.auth.api.addMember({ body: { userId: id, organizationId, role: 'member' } });
    return client;
  }

  it('mails the invitee, who sees the invitation, accepts it and becomes a member', async () => {
    const owner = await signUpVerified('owner@example.com', 'Owner');
    const organization = (await owner.post('/api/auth/organization/create', { name: 'Initech', slug: 'initech' })).body;
    const invited = await invite(owner, organization.id, 'guest@example.com');
    expect(invited.status).toBe(200);

    const mail = context.mailer.outbox!.list('guest@example.com')[0]!;
    expect(mail.subject).toBe('Invitation to join an organization on Gatehouse');
    expect(mail.text).toContain('You are invited to join an organization on Gatehouse as member.');
    expect(mail.text).toContain('> Organization: “Initech”');
    expect(mail.text).toContain('> Invited by: “Owner (owner@example[.]com)”');
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
    const owner = await signUpVerified('boss@example.com', 'Boss');
    const organization = (await owner.post('/api/auth/organization/create', { name: 'Hooli', slug: 'hooli' })).body;
    const first = await invite(owner, organization.id, 'no@example.com');
    const second = await invite(owner, organization.id, 'later@example.com', 'admin');

    const invitee = await signUp('no@example.com', 'No');
    // Until the address is proven, the account may not answer for it.
    const unproven = await invitee.post('/api/auth/organization/reject-invitation', { invitationId: first.body.id });
    expect(unproven.status).toBe(403);
    await verifyEmail(context, invitee, 'no@example.com');
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
    await verifyEmail(context, plain, 'plain@example.com');
    const refused = await invite(plain, organization.id, 'x@example.com');
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('YOU_ARE_NOT_ALLOWED_TO_INVITE_USERS_TO_THIS_ORGANIZATION');
  });

  it('refuses invitation squatting: members cannot list invitations, unverified accounts cannot accept', async () => {
    const owner = await signUpVerified('founder@example.com', 'Founder');
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

  it('refuses invitations from an unproven address and from a guest, saying what to do first', async () => {
    const owner = await signUp('unproven@example.com', 'Unproven');
    const organization = (await owner.post('/api/auth/organization/create', { name: 'Unproven Co', slug: 'unproven' }))
      .body;
    const refused = await invite(owner, organization.id, 'target@example.com');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: 'INVITER_NOT_VERIFIED',
      message: 'Verify your email address before sending invitations: open the link we mailed you.',
    });

    const guest = new TestClient(context.app);
    expect((await guest.post('/api/auth/sign-in/anonymous')).status).toBe(200);
    const asGuest = await invite(guest, organization.id, 'target@example.com');
    expect(asGuest.status).toBe(403);
    expect(asGuest.body).toMatchObject({
      code: 'GUEST_CANNOT_INVITE',
      message: 'Guests cannot send invitations. Sign up and verify your email address first.',
    });

    // Nothing was written, nothing sent.
    expect(context.mailer.outbox!.list('target@example.com')).toEqual([]);
    const rows = await context.database.db
      .selectFrom('invitation')
      .select('id')
      .where('email', '=', 'target@example.com')
      .execute();
    expect(rows).toEqual([]);

    // Once the address is proven, the same invitation goes.
    await verifyEmail(context, owner, 'unproven@example.com');
    expect((await invite(owner, organization.id, 'target@example.com')).status).toBe(200);
  });
});
