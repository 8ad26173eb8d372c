import { describe, expect, it } from 'vitest';
import { signUp } from '#test/accounts';
import { TestClient } from '#test/http-client';
import { contextPerSuite } from '#test/suite';
import { ENGINES } from '#test/test-context';
import { countRows } from '#test/rows';
import { createCustomRole, setMemberRole } from '#test/organization-page';

describe.each(ENGINES)('POST /api/v1/organizations on %s', (engine) => {
  const suite = contextPerSuite(engine);
  const create = (client: TestClient, body: unknown, headers?: Record<string, string>) =>
    client.request('POST', '/api/v1/organizations', { json: body, headers });

  it('creates the caller’s organization with a slug the server makes, numbered when taken', async () => {
    const { client, id } = await signUp(suite.context.app, { email: `maker-${engine}@example.com` });
    const first = await create(client, { name: '  Café Röstì & Co  ' });
    expect(first.status, first.text).toBe(201);
    expect(first.body.data).toMatchObject({ name: 'Café Röstì & Co', slug: 'cafe-rosti-co' });
    const second = await create(client, { name: 'Café Rösti Co' });
    expect(second.body.data.slug).toBe('cafe-rosti-co-2');
    const mine = (await client.get('/api/v1/organizations')).body.data;
    expect(mine.map((row: { slug: string; role: string }) => [row.slug, row.role]).sort()).toEqual([
      ['cafe-rosti-co', 'owner'],
      ['cafe-rosti-co-2', 'owner'],
    ]);
    expect(first.body.data.members).toMatchObject([{ userId: id, role: 'owner' }]);
  });

  it('lists what each role allows, custom roles of that organization included', async () => {
    const owner = await signUp(suite.context.app, { email: `lister-${engine}@example.com` });
    const member = await signUp(suite.context.app, { email: `holder-${engine}@example.com` });
    const [acme, globex] = await Promise.all(
      ['Acme Lists', 'Globex Lists'].map(async (name) => (await create(owner.client, { name })).body.data.id as string),
    );
    for (const organizationId of [acme!, globex!]) {
      await suite.context.auth.api.addMember({ body: { userId: member.id, organizationId, role: 'member' } });
    }
    // The same name grants team:create in Acme only; in Globex the name is held but no such role exists.
    await createCustomRole(suite.context, acme!, 'planner', { team: ['create'] });
    await setMemberRole(suite.context, acme!, member.id, 'member,planner');
    await setMemberRole(suite.context, globex!, member.id, 'planner');
    const listed = (await member.client.get('/api/v1/organizations')).body.data as {
      id: string;
      permissions: Record<string, string[]>;
    }[];
    expect(listed.find((row) => row.id === acme)?.permissions).toEqual({ ac: ['read'], team: ['create'] });
    expect(listed.find((row) => row.id === globex)?.permissions).toEqual({});
    const mine = (await owner.client.get('/api/v1/organizations')).body.data as { permissions: object }[];
    expect(mine[0]?.permissions).toMatchObject({
      organization: ['update', 'delete'],
      team: ['create', 'update', 'delete'],
    });
  });

  it('gives every one of simultaneous same-named organizations its own slug', async () => {
    const { client } = await signUp(suite.context.app, { email: `racer-${engine}@example.com` });
    const answers = await Promise.all(Array.from({ length: 8 }, () => create(client, { name: 'Race Org' })));
    const created = answers.filter((answer) => answer.status === 201);
    // Whatever could not get a free slug in its attempts says so; none is a 500 or a duplicate.
    for (const answer of answers) expect([201, 409], answer.text).toContain(answer.status);
    const slugs = created.map((answer) => answer.body.data.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    expect(slugs).toContain('race-org');
  });

  it('refuses a bad name, saying why, and creates nothing', async () => {
    const { client } = await signUp(suite.context.app, { email: `bad-${engine}@example.com` });
    const before = await countRows(suite.context, 'organization');
    for (const [body, message] of [
      [{}, 'Invalid input: expected string, received undefined'],
      [{ name: 42 }, 'Invalid input: expected string, received number'],
      [{ name: '   ' }, 'Name is required'],
      [{ name: 'x'.repeat(101) }, 'Name is too long'],
      [['Acme'], 'Invalid input: expected object, received array'],
    ] as const) {
      const refused = await create(client, body);
      expect(refused.status, refused.text).toBe(400);
      expect(refused.body).toMatchObject({ code: 'BAD_REQUEST', message });
    }
    expect(await countRows(suite.context, 'organization')).toBe(before);
  });

  it('refuses a visitor, an API key and a foreign page, creating nothing', async () => {
    const before = await countRows(suite.context, 'organization');
    const visitor = await create(new TestClient(suite.context.app), { name: 'Visitor Org' });
    expect([visitor.status, visitor.body.code]).toEqual([401, 'UNAUTHORIZED']);

    const { client } = await signUp(suite.context.app, { email: `keyed-${engine}@example.com` });
    const key = (await client.post('/api/auth/api-key/create', { name: 'k', expiresIn: 86400 })).body.key as string;
    const keyed = await create(new TestClient(suite.context.app), { name: 'Key Org' }, { 'x-api-key': key });
    expect([keyed.status, keyed.body.message]).toEqual([403, 'API keys cannot be used for this call; sign in instead']);

    const forged = await create(client, { name: 'Forged Org' }, { origin: 'https://evil.example' });
    expect(forged.status).toBe(403);
    expect(await countRows(suite.context, 'organization')).toBe(before);
  });
});
