import { describe, expect, it } from 'vitest';
import type { OrganizationDetail } from '#common/organization-page';
import { signUp } from '#test/accounts';
import { organizationSuite } from '#test/fixtures/admin-organizations';
import { pngForm } from '#test/images';
import { organizationPageState } from '#test/organization-page';
import { ENGINES } from '#test/test-context';

type LogoAnswer = { data: { logo: string } };

/**
 * The account that uploaded an organization's logo is deleted: its files go with it (decision 0094),
 * and the organization shows no logo rather than a URL that answers 404. Nothing else of it changes.
 */
describe('ASVS V2 business logic: an account deletion leaves no broken references', () => {
  describe.each(ENGINES)('an organization whose logo’s uploader deletes their account, on %s', (engine) => {
    const suite = organizationSuite(engine);

    it('keeps no logo pointing at the deleted file, and every other organization’s logo as it was', async () => {
      const organization = await suite.organization('Branded');
      const other = await suite.organization('Other');
      const path = `/api/v1/organizations/${organization.id}`;
      const uploader = await signUp(suite.context.app, { email: `designer-${engine}@example.com`, name: 'Designer' });
      await suite.context.auth.api.addMember({
        body: { userId: uploader.id, organizationId: organization.id, role: 'admin' },
      });
      const uploaded = await uploader.client.request<LogoAnswer>('PUT', `${path}/logo`, { body: await pngForm() });
      expect(uploaded.status, uploaded.text).toBe(200);
      const { logo } = uploaded.body.data;
      const kept = await suite.owner.client.request<LogoAnswer>('PUT', `/api/v1/organizations/${other.id}/logo`, {
        body: await pngForm(),
      });
      expect(kept.status, kept.text).toBe(200);
      const before = await organizationPageState(suite.context, organization.id);
      const otherBefore = await organizationPageState(suite.context, other.id);

      const deleted = await uploader.client.post('/api/auth/delete-user', { password: 'user-password-1' });
      expect(deleted.status, deleted.text).toBe(200);

      expect((await suite.owner.client.get(logo.slice(logo.indexOf('/api/v1/files/')))).status).toBe(404);
      const page = await suite.owner.client.get<{ data: OrganizationDetail }>(path);
      expect(page.body.data.logo).toBeNull();
      // The uploader's membership, their logo file and the organization's pointer to it: nothing else.
      expect(await organizationPageState(suite.context, organization.id)).toEqual({
        ...before,
        rows: {
          ...before.rows,
          organization: before.rows.organization.map((row) => ({ ...row, logo: null })),
          members: before.rows.members.filter((row) => row.userId !== uploader.id),
        },
        logos: [],
      });
      expect(await organizationPageState(suite.context, other.id)).toEqual(otherBefore);
      expect(
        (await suite.owner.client.get<{ data: OrganizationDetail }>(`/api/v1/organizations/${other.id}`)).body.data
          .logo,
      ).toBe(kept.body.data.logo);
    });
  });
});
