import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ORGANIZATION_MEMBER_PAGE_SIZE } from '#common/admin-organization-members';
import { CURSOR_NOT_VALID } from '#common/cursor';
import { ENGINES } from '#test/test-context';
import { organizationSuite } from '#test/fixtures/admin-organizations';
import { plantMembers } from '#test/member-rows';

const LIMIT_MESSAGE = 'limit must be a whole number from 1 to 100';
/** A cursor of this list's shape with values of our choosing (an array), or any JSON at all. */
const cursorOf = (parts: unknown, list = 'organization-members') =>
  Buffer.from(JSON.stringify(Array.isArray(parts) ? [list, ...parts] : parts)).toString('base64url');

/** An organization's members by pages: every member once, in join order, whatever the ties. */
describe.each(ENGINES)('admin organization members by pages on %s', (engine) => {
  const suite = organizationSuite(engine);
  const members = (organizationId: string, query = '') => suite.call('GET', `/${organizationId}/members?${query}`);

  /**
   * `count` people joined in groups of four at the same instant (microseconds on PostgreSQL, which a
   * cursor must keep), so that the id decides among them and pages end inside a group.
   */
  async function addMembers(organizationId: string, count: number) {
    const suffix = crypto.randomBytes(3).toString('hex');
    const people = Array.from({ length: count }, (_, index) => {
      const at = new Date(Date.UTC(2030, 0, 1) + Math.floor(index / 4) * 60_000).toISOString();
      const joined = engine === 'postgres' ? at.replace('Z', '417Z') : at;
      // Ids in no particular order against the join dates.
      const id = `${crypto.randomBytes(4).toString('hex')}-${suffix}-${index}`;
      return { id, joined, email: `joined-${index}-${suffix}@example.com` };
    });
    await plantMembers(
      suite.context.database,
      people.map((person) => ({ ...person, organizationId })),
    );
  }

  /** Every member id, oldest first then by id: the order the pages must follow. */
  const joinOrder = async (organizationId: string) =>
    (
      await suite.context.database.db
        .selectFrom('member')
        .select('id')
        .where('organizationId', '=', organizationId)
        .orderBy('createdAt')
        .orderBy('id')
        .execute()
    ).map((row) => row.id);

  it('walks every member exactly once, in join order, page after page, with the count on each', async () => {
    const organization = await suite.organization();
    await addMembers(organization.id, 30);
    const expected = await joinOrder(organization.id);
    expect(expected).toHaveLength(33);

    const seen: string[] = [];
    let cursor = '';
    let pages = 0;
    do {
      const page = await members(organization.id, `limit=7${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.status, page.text).toBe(200);
      expect(Object.keys(page.body).sort()).toEqual(['data', 'nextCursor', 'total']);
      expect(page.body.total).toBe(33);
      seen.push(...page.body.data.map((member) => member.id));
      cursor = page.body.nextCursor ?? '';
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(5);
    expect(seen).toEqual(expected);

    // The default page, and the detail's first page with the same next cursor.
    const first = await members(organization.id);
    expect(first.body.data.map((member) => member.id)).toEqual(expected.slice(0, ORGANIZATION_MEMBER_PAGE_SIZE));
    expect(first.body.data[0]).toEqual({
      id: organization.memberIds.owner,
      userId: suite.owner.id,
      email: suite.owner.email,
      name: expect.any(String),
      image: null,
      role: 'owner',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
    });
    const detail = await suite.call('GET', `/${organization.id}`);
    expect(detail.body.data.members).toEqual(first.body.data);
    expect(detail.body.data.memberCount).toBe(33);
    expect(detail.body.data.membersNextCursor).toBe(first.body.nextCursor);
    const rest = await members(organization.id, `limit=100&cursor=${first.body.nextCursor}`);
    expect(rest.body.data.map((member) => member.id)).toEqual(expected.slice(ORGANIZATION_MEMBER_PAGE_SIZE));
    expect(rest.body.nextCursor).toBeNull();
  });

  it('goes on from where a page ended, even after that member left, and stays in its organization', async () => {
    const organization = await suite.organization();
    const other = await suite.organization('Globex');
    await addMembers(organization.id, 10);
    await addMembers(other.id, 10);
    const expected = await joinOrder(organization.id);
    const first = await members(organization.id, 'limit=5');
    const second = await members(organization.id, `limit=5&cursor=${first.body.nextCursor}`);
    expect(second.body.data.map((member) => member.id)).toEqual(expected.slice(5, 10));

    // The last member of the first page is removed: the second page is the same.
    const removed = await suite.call('DELETE', `/${organization.id}/members/${expected[4]}`);
    expect(removed.status, removed.text).toBe(200);
    const again = await members(organization.id, `limit=5&cursor=${first.body.nextCursor}`);
    expect(again.body.data).toEqual(second.body.data);
    expect(again.body.total).toBe(12);

    // Another organization's cursor pages this organization's members only.
    const elsewhere = await members(other.id, 'limit=5');
    const crossed = await members(organization.id, `limit=100&cursor=${elsewhere.body.nextCursor}`);
    expect(crossed.status).toBe(200);
    const ours = new Set(await joinOrder(organization.id));
    expect(crossed.body.data.length).toBeGreaterThan(0);
    expect(crossed.body.data.every((member) => ours.has(member.id))).toBe(true);
  });

  it('answers an empty organization with no page after it', async () => {
    const organization = await suite.organization();
    const empty = await suite.context.database.db
      .deleteFrom('member')
      .where('organizationId', '=', organization.id)
      .executeTakeFirst();
    expect(Number(empty.numDeletedRows)).toBe(3);
    const page = await members(organization.id);
    expect(page.body).toEqual({ data: [], nextCursor: null, total: 0 });
  });

  it('refuses a bad limit, cursor or id in words, never with a server error', async () => {
    const organization = await suite.organization();
    const refused = async (
      query: string,
      status: number,
      message: string,
      id = organization.id,
      code = 'BAD_REQUEST',
    ) => {
      const answer = await members(id, query);
      expect([answer.status, answer.body.code, answer.body.message], query).toEqual([status, code, message]);
    };
    for (const limit of ['0', '101', '-1', '1.5', 'abc', '', '1e9'])
      await refused(`limit=${limit}`, 400, LIMIT_MESSAGE);
    const forged = [
      'not-a-cursor',
      '%00',
      'x'.repeat(1001),
      cursorOf(['2030-01-01T00:00:00.000Z']),
      cursorOf([12, 'id']),
      cursorOf({ key: '2030-01-01T00:00:00.000Z', id: 'id' }),
      cursorOf(['2030-01-01T00:00:00.000Z', '']),
      cursorOf(['2030-01-01T00:00:00.000Z', 'a\u0000b']),
      cursorOf(['yesterday', 'id']),
      // Dates that Date.parse lets through and PostgreSQL refuses.
      cursorOf(['2030-02-30T00:00:00.000Z', 'id']),
      cursorOf(['2029-02-29 00:00:00+00', 'id']),
      cursorOf(['0000-01-01T00:00:00Z', 'id']),
      cursorOf(['2030-01-01 00:00:00+99', 'id']),
      cursorOf(['2030-01-01 24:00:00+00', 'id']),
      // The user list's and the audit log's cursors are not one of these, even of the same shape.
      cursorOf(['a', 'createdAt', 'desc', '2030-01-01T00:00:00.000Z', 'id'], 'users'),
      cursorOf(['2030-01-01T00:00:00.000Z', 'id'], 'audit'),
      // This list's values without its name.
      Buffer.from(JSON.stringify(['2030-01-01T00:00:00.000Z', 'id'])).toString('base64url'),
    ];
    for (const cursor of forged)
      await refused(`cursor=${encodeURIComponent(cursor)}`, 400, CURSOR_NOT_VALID, organization.id, 'CURSOR_NOT_VALID');
    // A leap day and either engine's form of a time are cursors all right.
    for (const key of ['2028-02-29T00:00:00.000Z', '2030-01-01 00:00:00.123456+05:30', '2030-01-01 00:00:00'])
      expect((await members(organization.id, `cursor=${cursorOf([key, 'id'])}`)).status, key).toBe(200);

    await refused('', 404, 'Organization not found', 'no-such-organization', 'ORGANIZATION_NOT_FOUND');
    await refused('', 400, 'id is at most 200 characters', 'x'.repeat(201));
    // A repeated parameter counts by its first value.
    const repeated = await members(organization.id, 'limit=1&limit=500');
    expect([repeated.status, repeated.body.data.length]).toEqual([200, 1]);
  });
});
