import { afterAll, beforeAll, expect } from 'vitest';
import { createTestContext, type Engine, type TestContext } from '#test/test-context';
import { organization, uniqueEmail, type Organization } from '../support/principals';
import type { Attack, Method } from './endpoints';

type Refused = 'outsider' | 'member';

/** The custom role the organization holds besides the built-in ones. */
export const CUSTOM_ROLE = 'reviewer';

export interface OrganizationAttack extends Attack {
  /** `METHOD /path`, without its query string. */
  endpoint: string;
  refuse: Refused[];
}

/** The organization the chapters attack, with a pending invitation; its plain member works in it. */
export async function acmeOrganization(context: TestContext) {
  const org = await organization(context, 'Acme');
  const inviteeEmail = uniqueEmail('invitee');
  const invited = await org.owner.client.post('/api/auth/organization/invite-member', {
    email: inviteeEmail,
    role: 'member',
    organizationId: org.id,
  });
  expect(invited.status, invited.text).toBe(200);
  const invitationId = invited.body.id as string;
  // A custom role, for the role endpoints to name.
  const role = await org.owner.client.post('/api/auth/organization/create-role', {
    organizationId: org.id,
    role: CUSTOM_ROLE,
    permission: { ac: ['read'] },
  });
  expect(role.status, role.text).toBe(200);
  // Strings only members may read: finding one in an outsider's answer is a leak.
  const secrets = [
    org.name,
    org.slug,
    org.owner.email,
    org.admin.email,
    org.member.email,
    org.privateTeamMember.email,
    org.publicTeam.name,
    org.privateTeam.name,
    inviteeEmail,
  ];
  // The member works in the organization: it is their active one (set-active-team needs it).
  expect((await org.member.client.post('/api/auth/organization/set-active', { organizationId: org.id })).status).toBe(
    200,
  );
  return { org, invitationId, inviteeEmail, secrets };
}

/**
 * Every organization and team endpoint that names this organization, one of its teams, members or
 * invitations, with who must be refused. `member` is left out where a plain member has the right
 * (reading the organization, its members, public teams; leaving it).
 */
export function organizationAttacks(org: Organization, invitationId: string): OrganizationAttack[] {
  const both: Refused[] = ['outsider', 'member'];
  const outsiderOnly: Refused[] = ['outsider'];
  const adminMemberId = org.memberIds[org.admin.id]!;
  const rows: Array<[Refused[], Method, string, unknown?]> = [
    [outsiderOnly, 'GET', `/api/auth/organization/get-organization?organizationId=${org.id}`],
    [outsiderOnly, 'GET', `/api/auth/organization/get-full-organization?organizationId=${org.id}`],
    [outsiderOnly, 'POST', '/api/auth/organization/set-active', { organizationId: org.id }],
    [
      both,
      'POST',
      '/api/auth/organization/update',
      { organizationId: org.id, data: { name: 'Hijacked', slug: 'hijacked' } },
    ],
    // Refused to everyone, the owner too (`organizations/org-routes.test.ts`): only our route deletes.
    [both, 'POST', '/api/auth/organization/delete', { organizationId: org.id }],
    [
      both,
      'POST',
      '/api/auth/organization/invite-member',
      { email: uniqueEmail('accomplice'), role: 'admin', organizationId: org.id },
    ],
    [both, 'POST', '/api/auth/organization/cancel-invitation', { invitationId }],
    [both, 'GET', `/api/auth/organization/get-invitation?id=${invitationId}`],
    [both, 'POST', '/api/auth/organization/accept-invitation', { invitationId }],
    [both, 'POST', '/api/auth/organization/reject-invitation', { invitationId }],
    [both, 'GET', `/api/auth/organization/list-invitations?organizationId=${org.id}`],
    [
      outsiderOnly,
      'GET',
      `/api/auth/organization/get-active-member-role?organizationId=${org.id}&userId=${org.owner.id}`,
    ],
    [
      both,
      'POST',
      '/api/auth/organization/remove-member',
      { memberIdOrEmail: org.admin.email, organizationId: org.id },
    ],
    [
      both,
      'POST',
      '/api/auth/organization/update-member-role',
      { memberId: adminMemberId, role: 'member', organizationId: org.id },
    ],
    [outsiderOnly, 'POST', '/api/auth/organization/leave', { organizationId: org.id }],
    [outsiderOnly, 'GET', `/api/auth/organization/list-roles?organizationId=${org.id}`],
    [outsiderOnly, 'GET', `/api/auth/organization/get-role?organizationId=${org.id}&roleName=${CUSTOM_ROLE}`],
    [
      both,
      'POST',
      '/api/auth/organization/create-role',
      { organizationId: org.id, role: 'intruder', permission: { ac: ['create', 'read', 'update', 'delete'] } },
    ],
    [
      both,
      'POST',
      '/api/auth/organization/update-role',
      { organizationId: org.id, roleName: CUSTOM_ROLE, data: { permission: { member: ['delete'] } } },
    ],
    [both, 'POST', '/api/auth/organization/delete-role', { organizationId: org.id, roleName: CUSTOM_ROLE }],
    [outsiderOnly, 'GET', `/api/auth/organization/list-members?organizationId=${org.id}`],
    [both, 'POST', '/api/auth/organization/create-team', { name: 'Intruders', organizationId: org.id }],
    [outsiderOnly, 'GET', `/api/auth/organization/list-teams?organizationId=${org.id}`],
    [both, 'POST', '/api/auth/organization/remove-team', { teamId: org.publicTeam.id, organizationId: org.id }],
    [
      both,
      'POST',
      '/api/auth/organization/update-team',
      { teamId: org.publicTeam.id, data: { name: 'Hijacked Team' } },
    ],
    [both, 'POST', '/api/auth/organization/set-active-team', { teamId: org.privateTeam.id }],
    [both, 'GET', `/api/auth/organization/list-team-members?teamId=${org.privateTeam.id}`],
    [both, 'POST', '/api/auth/organization/add-team-member', { teamId: org.privateTeam.id, userId: org.member.id }],
    [
      both,
      'POST',
      '/api/auth/organization/remove-team-member',
      { teamId: org.privateTeam.id, userId: org.privateTeamMember.id },
    ],
    [both, 'GET', `/api/auth/team-permissions/get-team?teamId=${org.privateTeam.id}`],
    [both, 'GET', `/api/auth/team-permissions/get-team-role?teamId=${org.privateTeam.id}`],
    [
      both,
      'POST',
      '/api/auth/team-permissions/check-permission',
      { teamId: org.privateTeam.id, permission: 'team:update' },
    ],
    [
      both,
      'POST',
      '/api/auth/team-permissions/set-permission-mode',
      { teamId: org.publicTeam.id, permissionMode: 'defined' },
    ],
    [
      both,
      'POST',
      '/api/auth/team-permissions/add-member',
      { teamId: org.privateTeam.id, userId: org.member.id, role: 'owner' },
    ],
    [
      both,
      'POST',
      '/api/auth/team-permissions/set-role',
      { teamId: org.privateTeam.id, userId: org.privateTeamMember.id, role: 'owner' },
    ],
    [
      both,
      'POST',
      '/api/auth/team-permissions/remove-member',
      { teamId: org.privateTeam.id, userId: org.privateTeamMember.id },
    ],
    [both, 'POST', '/api/auth/team-permissions/delete-team', { teamId: org.publicTeam.id }],
  ];
  return rows.map(([refuse, method, path, body]) => ({
    endpoint: `${method} ${path.split('?')[0]}`,
    method,
    path,
    ...(body === undefined ? {} : { body }),
    refuse,
  }));
}

/** Endpoints about the caller's own account or organizations: nothing of another organization to attack. */
export const ABOUT_THE_CALLER = [
  'POST /api/auth/organization/create',
  'GET /api/auth/organization/list',
  'POST /api/auth/organization/check-slug',
  'GET /api/auth/organization/get-active-member',
  'GET /api/auth/organization/list-user-invitations',
  'GET /api/auth/organization/list-user-teams',
  'POST /api/auth/organization/has-permission',
  // Answers [] to a non-member: covered by its own case below.
  'GET /api/auth/team-permissions/list-teams',
];

/**
 * For the tests of one `describe` block: a context of the engine and the organization above, made
 * before its first test and destroyed after its last. Read its fields in tests and hooks only.
 */
export function acmePerSuite(engine: Engine) {
  const suite = {} as { context: TestContext } & Awaited<ReturnType<typeof acmeOrganization>>;
  beforeAll(async () => {
    suite.context = await createTestContext(engine);
    Object.assign(suite, await acmeOrganization(suite.context));
  });
  afterAll(async () => suite.context?.destroy());
  return suite;
}
