import { describe, expect, it } from 'vitest';
import { API_KEY_HEADER } from '#common/api-keys';
import { signUp } from '#test/accounts';
import { TestClient } from '#test/http-client';
import { selectRows } from '#test/rows';
import { contextPerSuite } from '#test/suite';
import { ENGINES, TEST_ORIGIN } from '#test/test-context';
import { signInAsGuest } from '#test/fixtures/guest-upgrade';
import { addMember, createOrganization, memberIdOf } from '#test/fixtures/account-deletion';

/**
 * Better Auth's member endpoints as our handler runs them in turn (`member-endpoint-turns.ts`): what
 * it reads to find the organization (the body, the session) comes from the caller, so bad or foreign
 * input is refused, changes nothing, and never leaves the turn held for the next change.
 */
describe.each(ENGINES)("Better Auth's member endpoints under attack, on %s", (engine) => {
  const suite = contextPerSuite(engine);

  it('refuses wrong types, unknown or foreign organizations, guests, API keys and other sites, then serves the owner', async () => {
    const owner = await signUp(suite.context.app, { email: `attacked-owner-${engine}@example.com` });
    const outsider = await signUp(suite.context.app, { email: `attacker-${engine}@example.com` });
    const organizationId = await createOrganization(owner.client, 'Attacked');
    const memberEmail = `attacked-member-${engine}@example.com`;
    const member = await signUp(suite.context.app, { email: memberEmail });
    await addMember(suite.context, organizationId, member.id);
    const guest = await signInAsGuest(suite.context.app);
    const key = await outsider.client.post('/api/auth/api-key/create', { name: 'script' });
    expect(key.status, key.text).toBe(200);
    const members = () => selectRows(suite.context, 'member', ['userId', 'role'], { organizationId });
    const before = await members();
    const [ownerMemberId, memberMemberId] = [
      await memberIdOf(suite.context, organizationId, owner.id),
      await memberIdOf(suite.context, organizationId, member.id),
    ];

    const raw = async (path: string, body: string, headers: Record<string, string>) =>
      suite.context.app.fetch(
        new Request(`${TEST_ORIGIN}/api/auth/organization/${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, ...headers },
          body,
        }),
      );
    const asOutsider = { cookie: outsider.client.cookieHeader };
    const attempts: [string, Promise<Response | { status: number }>][] = [
      ['a number for the organization', raw('leave', '{"organizationId":5}', asOutsider)],
      ['an object for the organization', raw('leave', '{"organizationId":{"id":"x"}}', asOutsider)],
      ['a body that is not JSON', raw('leave', '{"organizationId":', asOutsider)],
      ['an organization that does not exist', raw('leave', '{"organizationId":"no-such-org"}', asOutsider)],
      ['another organization, leaving', raw('leave', JSON.stringify({ organizationId }), asOutsider)],
      [
        'another organization, removing its member',
        raw('remove-member', JSON.stringify({ organizationId, memberIdOrEmail: memberEmail }), asOutsider),
      ],
      [
        'another organization, demoting its owner',
        raw(
          'update-member-role',
          JSON.stringify({ organizationId, memberId: ownerMemberId, role: 'member' }),
          asOutsider,
        ),
      ],
      ['a guest', guest.client.post('/api/auth/organization/leave', { organizationId })],
      [
        'an API key',
        new TestClient(suite.context.app).post(
          '/api/auth/organization/remove-member',
          { organizationId, memberIdOrEmail: memberEmail },
          { [API_KEY_HEADER]: key.body.key as string },
        ),
      ],
      [
        'another site, with the owner’s cookie',
        raw('update-member-role', JSON.stringify({ organizationId, memberId: memberMemberId, role: 'owner' }), {
          cookie: owner.client.cookieHeader,
          origin: 'https://evil.example',
        }),
      ],
    ];
    for (const [name, attempt] of attempts) {
      const { status } = await attempt;
      expect(status, name).toBeGreaterThanOrEqual(400);
      expect(status, name).toBeLessThan(500);
    }
    expect(await members()).toEqual(before);

    // Nothing above left the turn held: the owner's own change goes through.
    const removal = await owner.client.post('/api/auth/organization/remove-member', {
      organizationId,
      memberIdOrEmail: memberEmail,
    });
    expect(removal.status, removal.text).toBe(200);
  });
});
