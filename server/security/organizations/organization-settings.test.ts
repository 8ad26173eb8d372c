import { describe, expect, it } from 'vitest';
import { organizationRows } from '#test/organization-rows';
import { ENGINES } from '#test/test-context';
import { acmePerSuite } from '../access-control/organization-attacks';
import { answer } from './policies';

describe('ASVS V5 Validation: an organization’s settings through Better Auth’s update take our rules', () => {
  describe.each(ENGINES)('on %s', (engine) => {
    const acme = acmePerSuite(engine);
    const update = (data: unknown) =>
      acme.org.owner.client.post('/api/auth/organization/update', { organizationId: acme.org.id, data });

    it('refuses a logo URL or metadata (400): the logo goes through its upload only', async () => {
      const before = await organizationRows(acme.context, acme.org.id);
      const logo = await update({ logo: 'https://tracker.example.net/pixel.gif' });
      expect(answer(logo)).toEqual({ status: 400, code: 'BAD_REQUEST' });
      expect((logo.body as { message: string }).message).toContain('uploading a picture');
      const metadata = await update({ name: 'Renamed', metadata: { plan: 'enterprise' } });
      expect(answer(metadata)).toEqual({ status: 400, code: 'BAD_REQUEST' });
      expect((metadata.body as { message: string }).message).toContain('metadata');
      const policy = await update({ requireTwoFactor: false });
      expect(policy.status).toBe(400);
      expect(await organizationRows(acme.context, acme.org.id)).toEqual(before);
    });

    it('refuses a bad name or slug with 400 naming the problem', async () => {
      const before = await organizationRows(acme.context, acme.org.id);
      const cases: Array<[unknown, string]> = [
        [{ slug: 'Not A Slug' }, 'Slug is lower-case'],
        [{ slug: 'a' }, 'Slug is 2 to 40'],
        [{ slug: ' acme ' }, 'Slug has spaces around it'],
        [{ slug: 'double--hyphen' }, 'single hyphens'],
        [{ name: '' }, ''],
        [{ name: 'x'.repeat(500) }, ''],
      ];
      for (const [data, words] of cases) {
        const response = await update(data);
        expect(response.status, JSON.stringify(data)).toBe(400);
        expect((response.body as { message: string }).message).toContain(words);
      }
      expect(await organizationRows(acme.context, acme.org.id)).toEqual(before);
    });

    it('refuses a slug another organization uses (409 ORGANIZATION_SLUG_TAKEN)', async () => {
      const other = await acme.org.outsider.client.get('/api/auth/organization/list');
      const taken = (other.body as Array<{ slug: string }>)[0]!.slug;
      const before = await organizationRows(acme.context, acme.org.id);
      expect(answer(await update({ slug: taken }))).toEqual({ status: 409, code: 'ORGANIZATION_SLUG_TAKEN' });
      expect(await organizationRows(acme.context, acme.org.id)).toEqual(before);
    });

    it('refuses a plain member renaming the organization, whatever they send', async () => {
      const before = await organizationRows(acme.context, acme.org.id);
      const response = await acme.org.member.client.post('/api/auth/organization/update', {
        organizationId: acme.org.id,
        data: { name: 'Hijacked', slug: 'hijacked' },
      });
      expect(response.status).toBe(403);
      expect(await organizationRows(acme.context, acme.org.id)).toEqual(before);
    });

    it('changes the name and slug, the slug kept if it is its own', async () => {
      const response = await update({ name: 'Acme Renamed', slug: acme.org.slug });
      expect(response.status, response.text).toBe(200);
      const renamed = await update({ slug: `renamed-${acme.org.slug}` });
      expect(renamed.status, renamed.text).toBe(200);
      const [row] = (await organizationRows(acme.context, acme.org.id)).organization;
      expect(row).toMatchObject({ name: 'Acme Renamed', slug: `renamed-${acme.org.slug}` });
    });
  });
});
