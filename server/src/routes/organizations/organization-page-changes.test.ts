import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { AuditAction } from '#common/audit';
import { organizationSuite } from '#test/fixtures/admin-organizations';
import { pngForm } from '#test/images';
import { organizationPageState } from '#test/organization-page';
import { countRows } from '#test/rows';
import { ENGINES } from '#test/test-context';
import { enableTwoFactor } from '#test/two-factor';
import { organizationLogoCategory } from '../../lib/file-url';

/** What the owners and admins of an organization change on its page: ownership, its deletion, its logo, its policies. */
describe.each(ENGINES)('organization page changes on %s', (engine) => {
  const suite = organizationSuite(engine);
  const roleOf = async (memberId: string) =>
    (await suite.context.database.db.selectFrom('member').select('role').where('id', '=', memberId).executeTakeFirst())
      ?.role;
  /**
   * An event of the action on the organization, once written, holding `fields` (details parsed). Any
   * of them: two events of one millisecond have no order to tell which came last.
   */
  const expectEvent = async (action: AuditAction, organizationId: string, fields: Record<string, unknown>) => {
    await suite.context.audit.flush();
    const events = await suite.context.database.db
      .selectFrom('auditEvent')
      .selectAll()
      .where('action', '=', action)
      .where('organizationId', '=', organizationId)
      .execute();
    const parsed = events.map((event) => ({ ...event, details: JSON.parse(event.details ?? '{}') as unknown }));
    const matches = (event: object) => {
      try {
        expect(event).toMatchObject(fields);
        return true;
      } catch {
        return false;
      }
    };
    expect(parsed.some(matches), JSON.stringify({ fields, parsed })).toBe(true);
  };

  it('hands the organization to another member: they become owner, the caller admin, and it is recorded', async () => {
    const organization = await suite.organization('Handover');
    const answer = await suite.owner.client.post(`/api/v1/organizations/${organization.id}/transfer`, {
      memberId: organization.memberIds.member,
    });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toEqual({
      data: { ownerMemberId: organization.memberIds.member, previousOwnerMemberId: organization.memberIds.owner },
    });
    expect(await roleOf(organization.memberIds.member)).toBe('owner');
    expect(await roleOf(organization.memberIds.owner)).toBe('admin');
    await expectEvent('organization.transfer', organization.id, {
      outcome: 'success',
      actorId: suite.owner.id,
      targetUserId: suite.member.id,
      details: { memberId: organization.memberIds.member, previousRole: 'member' },
    });
    // The new owner sees it so at once; the previous one may no longer hand it over.
    expect((await suite.member.client.get(`/api/v1/organizations/${organization.id}`)).body.data.role).toBe('owner');
    const again = await suite.owner.client.post(`/api/v1/organizations/${organization.id}/transfer`, {
      memberId: organization.memberIds.orgAdmin,
    });
    expect([again.status, again.body.code]).toEqual([403, 'ONLY_OWNER_TRANSFERS']);
  });

  it('refuses a transfer to oneself or to a member of another organization, changing nothing', async () => {
    const organization = await suite.organization('Refusals');
    const other = await suite.organization('Other');
    const before = await organizationPageState(suite.context, organization.id);
    const toSelf = await suite.owner.client.post(`/api/v1/organizations/${organization.id}/transfer`, {
      memberId: organization.memberIds.owner,
    });
    expect([toSelf.status, toSelf.body.code]).toEqual([400, 'TRANSFER_TO_SELF']);
    const elsewhere = await suite.owner.client.post(`/api/v1/organizations/${organization.id}/transfer`, {
      memberId: other.memberIds.member,
    });
    expect([elsewhere.status, elsewhere.body.code]).toEqual([404, 'MEMBER_NOT_FOUND']);
    expect(await organizationPageState(suite.context, organization.id)).toEqual(before);
    await expectEvent('organization.transfer', organization.id, {
      outcome: 'failure',
      details: { memberId: other.memberIds.member, code: 'MEMBER_NOT_FOUND' },
    });
  });

  it('deletes the organization when its name is typed again, with everything in it, and records it', async () => {
    const organization = await suite.organization('Doomed');
    const before = await organizationPageState(suite.context, organization.id);
    const mistyped = await suite.owner.client.request('DELETE', `/api/v1/organizations/${organization.id}`, {
      json: { confirmName: organization.name.toUpperCase() },
    });
    expect([mistyped.status, mistyped.body.code]).toEqual([400, 'CONFIRM_NAME_MISMATCH']);
    expect(await organizationPageState(suite.context, organization.id)).toEqual(before);

    expect(
      (
        await suite.owner.client.request('PUT', `/api/v1/organizations/${organization.id}/logo`, {
          body: await pngForm(),
        })
      ).status,
    ).toBe(200);
    const deleted = await suite.owner.client.request('DELETE', `/api/v1/organizations/${organization.id}`, {
      json: { confirmName: organization.name },
    });
    expect(deleted.status, deleted.text).toBe(200);
    expect(deleted.body).toEqual({ data: { id: organization.id } });
    expect(await organizationPageState(suite.context, organization.id)).toEqual({
      rows: { organization: [], members: [], invitations: [], teams: [], places: [], roles: [] },
      policies: undefined,
      roles: [],
      logos: [],
    });
    await expectEvent('organization.delete', organization.id, {
      outcome: 'success',
      actorId: suite.owner.id,
      details: { name: organization.name },
    });
    const gone = await suite.owner.client.get(`/api/v1/organizations/${organization.id}`);
    expect([gone.status, gone.body.code]).toEqual([404, 'ORGANIZATION_NOT_FOUND']);
  });

  it('sets the logo through the avatar pipeline, keeps only the file in use, and removes it', async () => {
    const organization = await suite.organization('Logo');
    const upload = async (size: number) =>
      suite.orgAdmin.client.request('PUT', `/api/v1/organizations/${organization.id}/logo`, {
        body: await pngForm({}, size),
      });
    const first = await upload(640);
    expect(first.status, first.text).toBe(200);
    expect(first.body.data.logo).toMatch(/^http:\/\/localhost:3000\/api\/v1\/files\/[\w-]+$/);
    const served = await suite.context.app.fetch(new Request(first.body.data.logo));
    expect([served.status, served.headers.get('content-type')]).toEqual([200, 'image/webp']);
    expect(await sharp(Buffer.from(await served.arrayBuffer())).metadata()).toMatchObject({ width: 256, height: 256 });
    expect((await suite.member.client.get(`/api/v1/organizations/${organization.id}`)).body.data.logo).toBe(
      first.body.data.logo,
    );
    await expectEvent('organization.update', organization.id, {
      outcome: 'success',
      actorId: suite.orgAdmin.id,
      details: { field: 'logo', logo: first.body.data.logo },
    });

    const second = await upload(64);
    const { logos } = await organizationPageState(suite.context, organization.id);
    expect(logos).toEqual([{ id: second.body.data.logo.split('/').pop(), userId: suite.orgAdmin.id }]);
    expect((await suite.context.app.fetch(new Request(first.body.data.logo))).status).toBe(404);

    const refused = await suite.orgAdmin.client.request('PUT', `/api/v1/organizations/${organization.id}/logo`, {
      body: (() => {
        const form = new FormData();
        form.set('file', new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'a.svg', { type: 'image/svg+xml' }));
        return form;
      })(),
    });
    expect([refused.status, refused.body.code]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);

    const removed = await suite.orgAdmin.client.request('DELETE', `/api/v1/organizations/${organization.id}/logo`);
    expect(removed.status, removed.text).toBe(200);
    expect(removed.body).toEqual({ data: { logo: null } });
    expect((await suite.owner.client.get(`/api/v1/organizations/${organization.id}`)).body.data.logo).toBeNull();
    expect(
      await suite.context.database.db
        .selectFrom('file')
        .select('id')
        .where('category', '=', organizationLogoCategory(organization.id))
        .execute(),
    ).toEqual([]);
    await expectEvent('organization.update', organization.id, { details: { field: 'logo', logo: null } });
  });

  it('takes a logo up to the avatar limit (over 1 MiB), and refuses one over it with 413', async () => {
    const organization = await suite.organization('Big');
    const noisy = await sharp(Buffer.from(Array.from({ length: 900 * 900 * 3 }, (_, index) => (index * 7919) % 251)), {
      raw: { width: 900, height: 900, channels: 3 },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noisy.byteLength).toBeGreaterThan(1024 * 1024);
    const form = new FormData();
    form.set('file', new File([new Uint8Array(noisy)], 'big.png', { type: 'image/png' }));
    const taken = await suite.owner.client.request('PUT', `/api/v1/organizations/${organization.id}/logo`, {
      body: form,
    });
    expect(taken.status, taken.text).toBe(200);

    const files = await countRows(suite.context, 'file');
    const huge = new FormData();
    huge.set('file', new File([new Uint8Array(6 * 1024 * 1024)], 'huge.png', { type: 'image/png' }));
    const refused = await suite.owner.client.request('PUT', `/api/v1/organizations/${organization.id}/logo`, {
      body: huge,
    });
    expect([refused.status, refused.body.code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
    expect(await countRows(suite.context, 'file')).toBe(files);
  });

  it('sets the policies: domains stored lower case, two-factor asked only by someone who uses it', async () => {
    const organization = await suite.organization('Policies');
    const put = (body: unknown) =>
      suite.owner.client.request('PUT', `/api/v1/organizations/${organization.id}/policies`, { json: body });
    const stored = () =>
      suite.context.database.db
        .selectFrom('organization')
        .select(['requireTwoFactor', 'invitationDomains'])
        .where('id', '=', organization.id)
        .executeTakeFirstOrThrow();

    const domains = await put({
      requireTwoFactor: false,
      invitationDomains: [' Example.COM ', 'example.com', 'sub.example.org'],
    });
    expect(domains.status, domains.text).toBe(200);
    expect(domains.body).toEqual({
      data: { requireTwoFactor: false, invitationDomains: ['example.com', 'sub.example.org'] },
    });
    expect((await stored()).invitationDomains).toBe('example.com,sub.example.org');
    await expectEvent('organization.policies', organization.id, {
      outcome: 'success',
      actorId: suite.owner.id,
      details: { requireTwoFactor: false, invitationDomains: 'example.com,sub.example.org' },
    });

    const first = await put({ requireTwoFactor: true, invitationDomains: [] });
    expect([first.status, first.body.code]).toEqual([403, 'TWO_FACTOR_FIRST']);
    expect((await stored()).invitationDomains).toBe('example.com,sub.example.org');
    await expectEvent('organization.policies', organization.id, {
      outcome: 'failure',
      details: { code: 'TWO_FACTOR_FIRST' },
    });

    await enableTwoFactor(suite.owner.client);
    const on = await put({ requireTwoFactor: true, invitationDomains: [] });
    expect(on.status, on.text).toBe(200);
    expect(on.body).toEqual({ data: { requireTwoFactor: true, invitationDomains: [] } });
    const row = await stored();
    expect([Boolean(row.requireTwoFactor), row.invitationDomains]).toEqual([true, null]);
    // Now the member without two-factor is kept out, and the owner is not.
    const kept = await suite.member.client.get(`/api/v1/organizations/${organization.id}`);
    expect([kept.status, kept.body.code]).toEqual([403, 'ORGANIZATION_REQUIRES_TWO_FACTOR']);
    expect(
      (await suite.owner.client.get(`/api/v1/organizations/${organization.id}`)).body.data.policies.requireTwoFactor,
    ).toBe(true);
  });
});
