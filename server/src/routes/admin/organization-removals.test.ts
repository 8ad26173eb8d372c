import { describe, expect, it } from 'vitest';
import { ADMIN_ORGANIZATION_ERRORS } from '#common/admin';
import type { ApiErrorBody } from '#common/error-codes';
import { BODY_NOT_JSON } from '../../http/validate';
import { selectRows } from '#test/rows';
import { ENGINES } from '#test/test-context';
import { organizationSuite } from '#test/fixtures/admin-organizations';

/**
 * An invitation is cancelled once; an organization goes only when its name is typed exactly, and then
 * with everything in it; bad input changes nothing.
 */
describe.each(ENGINES)('admin invitation cancelling, organization deletion and input on %s', (engine) => {
  const suite = organizationSuite(engine);

  it('cancels a pending invitation once, as Better Auth does', async () => {
    const organization = await suite.organization();
    const path = `/${organization.id}/invitations/${organization.invitationId}` as const;
    const cancelled = await suite.call('DELETE', path);
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.body).toEqual({ data: { id: organization.invitationId, status: 'canceled' } });
    expect(await selectRows(suite.context, 'invitation', ['status'], { id: organization.invitationId })).toEqual([
      { status: 'canceled' },
    ]);
    expect((await suite.call('GET', `/${organization.id}`)).body.data.invitations).toEqual([]);
    await suite.expectAdminEvent('admin.organization_invitation_cancel', organization.id, {
      outcome: 'success',
      details: { invitationId: organization.invitationId, email: expect.stringMatching(/^invitee-/) },
    });
    const again = await suite.call('DELETE', path);
    expect([again.status, again.body.code]).toEqual([409, 'INVITATION_NOT_PENDING']);
  });
  it('refuses any name but the exact one, and keeps everything', async () => {
    const organization = await suite.organization();
    const before = await suite.stateOf(organization.id);
    for (const confirmName of [
      'Acme',
      organization.name.toUpperCase(),
      ` ${organization.name}`,
      `${organization.name} `,
    ]) {
      const refused = await suite.call('DELETE', `/${organization.id}`, { confirmName });
      expect([refused.status, refused.body.code, refused.body.message], confirmName).toEqual([
        400,
        'CONFIRM_NAME_MISMATCH',
        ADMIN_ORGANIZATION_ERRORS.CONFIRM_NAME_MISMATCH,
      ]);
    }
    for (const [body, message] of [
      [{}, 'confirmName is required'],
      [{ confirmName: '' }, 'confirmName is required'],
      [{ confirmName: 42 }, 'confirmName is required'],
      [{ confirmName: 'x'.repeat(1001) }, 'confirmName is at most 1000 characters'],
    ] as const) {
      const refused = await suite.call('DELETE', `/${organization.id}`, body);
      expect([refused.status, refused.body.message]).toEqual([400, message]);
    }
    expect(await suite.stateOf(organization.id)).toEqual(before);
    await suite.context.audit.flush();
    const failures = await suite.context.database.db
      .selectFrom('auditEvent')
      .select(['outcome', 'actorId', 'details'])
      .where('action', '=', 'admin.organization_delete')
      .where('organizationId', '=', organization.id)
      .execute();
    // The typed names (refused before the handler: none for a bad body) are each one failure.
    expect(failures).toEqual(
      Array(4).fill({ outcome: 'failure', actorId: suite.adminId, details: '{"code":"CONFIRM_NAME_MISMATCH"}' }),
    );
  });

  it('deletes the organization with its members, teams, team places and invitations, and nothing else', async () => {
    const organization = await suite.organization();
    const other = await suite.organization('Globex');
    const otherBefore = await suite.stateOf(other.id);
    const deleted = await suite.call('DELETE', `/${organization.id}`, { confirmName: organization.name });
    expect(deleted.status, deleted.text).toBe(200);
    expect(deleted.body).toEqual({ data: { id: organization.id } });
    expect(await suite.stateOf(organization.id)).toEqual({
      organization: [],
      members: [],
      invitations: [],
      teams: [],
      places: [],
      roles: [],
    });
    const { db } = suite.context.database;
    const teamIds = Object.values(organization.teamIds);
    expect(await db.selectFrom('teamMember').select('id').where('teamId', 'in', teamIds).execute()).toEqual([]);
    expect(await suite.stateOf(other.id)).toEqual(otherBefore);
    const people = await db
      .selectFrom('user')
      .select('id')
      .where('id', 'in', [suite.owner.id, suite.orgAdmin.id, suite.member.id])
      .execute();
    expect(people).toHaveLength(3);
    await suite.context.audit.flush();
    const event = await db
      .selectFrom('auditEvent')
      .selectAll()
      .where('action', '=', 'admin.organization_delete')
      .where('outcome', '=', 'success')
      .where('organizationId', '=', organization.id)
      .executeTakeFirstOrThrow();
    expect(event).toMatchObject({ actorId: suite.adminId, details: JSON.stringify({ name: organization.name }) });

    expect((await suite.call('GET', `/${organization.id}`)).status).toBe(404);
    const again = await suite.call('DELETE', `/${organization.id}`, { confirmName: organization.name });
    expect([again.status, again.body.code]).toEqual([404, 'ORGANIZATION_NOT_FOUND']);
    // Its owner's own list no longer has it.
    const mine = await suite.owner.client.get('/api/v1/organizations');
    expect(mine.body.data.map((row: { id: string }) => row.id)).not.toContain(organization.id);
  });

  it('refuses input of the wrong type or shape with its message, and changes nothing', async () => {
    const organization = await suite.organization();
    const before = await suite.stateOf(organization.id);
    const memberPath = `/${organization.id}/members/${organization.memberIds.member}`;
    const cases: Array<[string, string, unknown, string]> = [
      ['PATCH', memberPath, { role: 'superowner' }, 'role must be owner, admin or member'],
      ['PATCH', memberPath, { role: 1 }, 'role must be owner, admin or member'],
      ['PATCH', memberPath, { role: ['owner'] }, 'role must be owner, admin or member'],
      ['PATCH', memberPath, {}, 'role must be owner, admin or member'],
      ['PATCH', memberPath, [{ role: 'owner' }], 'Invalid input: expected object, received array'],
      [
        'PATCH',
        `/${organization.id}/members/${'m'.repeat(201)}`,
        { role: 'owner' },
        'memberId is at most 200 characters',
      ],
      [
        'DELETE',
        `/${organization.id}/invitations/${'i'.repeat(201)}`,
        undefined,
        'invitationId is at most 200 characters',
      ],
      ['DELETE', `/${organization.id}`, null, 'Invalid input: expected object, received null'],
    ];
    for (const [method, path, json, message] of cases) {
      const refused = await suite.call(method, path, json);
      const { code, message: said } = refused.body as ApiErrorBody;
      expect([refused.status, code, said], `${method} ${path}`).toEqual([400, 'BAD_REQUEST', message]);
    }
    for (const method of ['PATCH', 'DELETE']) {
      const path = method === 'PATCH' ? memberPath : `/${organization.id}`;
      const garbled = await suite.admin.request(method, `/api/v1/admin/organizations${path}`, {
        body: '{"role": "owner"',
        headers: { 'content-type': 'application/json' },
      });
      expect([garbled.status, (garbled.body as ApiErrorBody).message]).toEqual([400, BODY_NOT_JSON]);
    }
    const asText = await suite.admin.request('PATCH', `/api/v1/admin/organizations${memberPath}`, {
      body: 'role=owner',
      headers: { 'content-type': 'text/plain' },
    });
    expect(asText.status).toBe(415);
    expect(await suite.stateOf(organization.id)).toEqual(before);
  });
});
