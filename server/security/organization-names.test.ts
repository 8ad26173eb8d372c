import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { organizationConfirmationText, type AdminOrganizationPage } from '#common/admin';
import { ORGANIZATION_LIMIT, ORGANIZATION_LIMIT_MESSAGE } from '#common/organizations';
import { NAME_CONTROL_MESSAGE } from '#common/validation';
import { ENGINES, type TestContext } from '#test/test-context';
import { sharedContexts } from './support/contexts';
import { admin, plainUser, type Person } from './support/principals';

/**
 * Organization and team names (decision 0060): one rule on every path, a list that answers a page at
 * a time, and a limit on how many organizations one account can make.
 */

const contexts = sharedContexts();
const LIST = '/api/v1/admin/organizations';
const MEGABYTE_NAME = 'x'.repeat(1024 * 1024);

describe.each(ENGINES)('organization and team names under attack, on %s', (engine) => {
  let context: TestContext, owner: Person, root: Person;
  let organizationId: string, teamId: string;
  const suffix = () => crypto.randomBytes(4).toString('hex');
  const now = () => (engine === 'sqlite' ? new Date().toISOString() : new Date());
  const namesNow = async () => {
    const organization = await context.database.db
      .selectFrom('organization')
      .select('name')
      .where('id', '=', organizationId)
      .executeTakeFirstOrThrow();
    const team = await context.database.db
      .selectFrom('team')
      .select('name')
      .where('id', '=', teamId)
      .executeTakeFirstOrThrow();
    return [organization.name, team.name];
  };
  /** Organizations (with the person as owner) written straight to the database, as if made before the rule. */
  const storeOrganizations = async (userId: string, names: string[]) => {
    const ids = names.map(() => crypto.randomUUID());
    await context.database.db
      .insertInto('organization')
      .values(names.map((name, index) => ({ id: ids[index]!, name, slug: `stored-${suffix()}`, createdAt: now() })))
      .execute();
    await context.database.db
      .insertInto('member')
      .values(
        ids.map((id) => ({ id: crypto.randomUUID(), organizationId: id, userId, role: 'owner', createdAt: now() })),
      )
      .execute();
    return ids;
  };

  beforeAll(async () => {
    [context, owner] = await contexts.withUsers(engine, 'Name Owner');
    root = await admin(context);
    const created = await owner.client.post('/api/auth/organization/create', {
      name: 'Named',
      slug: `named-${suffix()}`,
    });
    expect(created.status, created.text).toBe(200);
    organizationId = created.body.id as string;
    const team = await owner.client.post('/api/auth/organization/create-team', { name: 'Team', organizationId });
    expect(team.status, team.text).toBe(200);
    teamId = team.body.id as string;
  });

  it.each([
    ['a megabyte', MEGABYTE_NAME, 'Name is too long'],
    ['101 characters', 'x'.repeat(101), 'Name is too long'],
    ['a line break', 'Acme\n=cmd', NAME_CONTROL_MESSAGE],
    ['a line separator', 'Acme\u2028Corp', NAME_CONTROL_MESSAGE],
  ])('refuses an organization or team name of %s on every path, changing nothing', async (_, name, message) => {
    const before = await context.database.db
      .selectFrom('organization')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const attempts = [
      owner.client.post('/api/auth/organization/create', { name, slug: `bad-${suffix()}` }),
      owner.client.post('/api/auth/organization/update', { organizationId, data: { name } }),
      owner.client.post('/api/auth/organization/create-team', { name, organizationId }),
      owner.client.post('/api/auth/organization/update-team', { teamId, data: { name } }),
      owner.client.post('/api/v1/organizations', { name }),
      root.client.post(LIST, { name }),
    ];
    for (const response of await Promise.all(attempts)) {
      // A megabyte is over the body limit on some paths (413); under it, the name rule answers.
      if (response.status === 413) continue;
      expect(response.status, response.text).toBe(400);
      expect(response.body).toMatchObject({ message });
    }
    const after = await context.database.db
      .selectFrom('organization')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect(await namesNow()).toEqual(['Named', 'Team']);
  });

  it('refuses a slug over 100 characters', async () => {
    const response = await owner.client.post('/api/auth/organization/create', {
      name: 'Slugged',
      slug: 's'.repeat(101),
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ message: 'slug must be at most 100 characters' });
  });

  it(`refuses a new organization to an account in ${ORGANIZATION_LIMIT}, on every path, but not to an admin`, async () => {
    const busy = await plainUser(context, 'Busy Founder');
    await storeOrganizations(
      busy.id,
      Array.from({ length: ORGANIZATION_LIMIT }, (_, index) => `Busy ${index}`),
    );
    for (const response of [
      await busy.client.post('/api/auth/organization/create', { name: 'One More', slug: `one-more-${suffix()}` }),
      await busy.client.post('/api/v1/organizations', { name: 'One More' }),
    ]) {
      expect(response.status, response.text).toBe(403);
      expect(response.body).toMatchObject({ message: ORGANIZATION_LIMIT_MESSAGE });
    }
    const made = await context.database.db
      .selectFrom('organization')
      .select('id')
      .where('name', '=', 'One More')
      .execute();
    expect(made).toEqual([]);
    // A platform admin, in as many, still creates one (the admin route makes it theirs).
    await storeOrganizations(
      root.id,
      Array.from({ length: ORGANIZATION_LIMIT }, (_, index) => `Admin's ${index}`),
    );
    const response = await root.client.post(LIST, { name: 'Admin Made' });
    expect(response.status, response.text).toBe(201);
  });

  it('answers the admin list a page at a time, searched on the server, with the total', async () => {
    const tag = `paged-${suffix()}`;
    await storeOrganizations(
      owner.id,
      Array.from({ length: 25 }, (_, index) => `${tag.toUpperCase()} ${index}`),
    );
    // The stored names hold no large one anywhere near a page.
    const first = await root.client.get<AdminOrganizationPage>(`${LIST}?search=${tag}&limit=10`);
    expect(first.status, first.text).toBe(200);
    expect(first.body.total).toBe(25);
    expect(first.body.data).toHaveLength(10);
    const last = await root.client.get<AdminOrganizationPage>(`${LIST}?search=${tag}&limit=10&offset=20`);
    expect(last.body.data).toHaveLength(5);
    const seen = new Set([...first.body.data, ...last.body.data].map((row: { id: string }) => row.id));
    expect(seen.size).toBe(15);
    // Without a search, one page of the default size, whatever the number of organizations.
    const plain = await root.client.get<AdminOrganizationPage>(LIST);
    expect(plain.body.data.length).toBeLessThanOrEqual(20);
    expect(plain.body.total).toBeGreaterThanOrEqual(25);
    const none = await root.client.get<AdminOrganizationPage>(`${LIST}?search=${encodeURIComponent('%')}`);
    expect(none.body.total).toBe(0);
  });

  it.each([
    ['limit=1000', 'limit must be 10, 20, 50 or 100'],
    ['offset=-1', 'offset must be 0 or more'],
    [`search=${'x'.repeat(201)}`, 'search is at most 200 characters'],
    ['search=a%0Ab', 'search must not contain control characters'],
  ])('refuses the list query %s with a 400 that says why', async (query, message) => {
    const response = await root.client.get(`${LIST}?${query}`);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'BAD_REQUEST', message });
  });

  it('lets an admin delete an organization whose name, stored before the rule, is over 1,000 characters', async () => {
    const name = `Huge\n${'y'.repeat(5000)}`;
    const [id] = await storeOrganizations(owner.id, [name]);
    const confirmName = organizationConfirmationText(name);
    expect(confirmName).toHaveLength(100);
    const refused = await root.client.request('DELETE', `${LIST}/${id}`, { json: { confirmName: 'Huge' } });
    expect(refused.status).toBe(400);
    const response = await root.client.request('DELETE', `${LIST}/${id}`, { json: { confirmName } });
    expect(response.status, response.text).toBe(200);
    const left = await context.database.db.selectFrom('organization').select('id').where('id', '=', id!).execute();
    expect(left).toEqual([]);
  });
});
