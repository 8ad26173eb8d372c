import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '#test/http-client';
import { pngForm } from '#test/images';
import { createTestContext, ENGINES, type TestContext } from '#test/test-context';
import { sweepGuests } from './guest-sweep';
import { addOwnedRows, NONE, rowsOf } from '#test/fixtures/account-deletion';

const HOUR = 3600;

describe.each(ENGINES)('guest sweep on %s', (engine) => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestContext(engine);
  });
  afterAll(async () => context?.destroy());

  // Untyped: the tables are named at run time.
  const untyped = (): Kysely<any> => context.database.db;
  const count = async (table: string, column: string, value: string) =>
    Number(
      (
        await untyped()
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .where(column, '=', value)
          .executeTakeFirstOrThrow()
      ).n,
    );

  /** A guest who made an organization, a shared one, a team and an avatar. */
  async function busyGuest(sharedOrganizationId: string) {
    const client = new TestClient(context.app);
    const id = (await client.post('/api/auth/sign-in/anonymous')).body.user.id as string;
    const own = await client.post('/api/auth/organization/create', {
      name: 'Guest Org',
      slug: `guest-${id.slice(0, 8)}`,
    });
    await client.post('/api/auth/organization/create-team', { name: 'Guest Team', organizationId: own.body.id });
    await context.auth.api.addMember({ body: { userId: id, organizationId: sharedOrganizationId, role: 'member' } });
    const form = await pngForm({}, 32);
    expect((await client.request('POST', '/api/v1/files/upload', { body: form })).status).toBe(201);
    return { client, id, organizationId: own.body.id as string };
  }

  it('deletes guests past the age with all they made, and nothing of anyone else', async () => {
    const owner = new TestClient(context.app);
    const ownerId = (
      await owner.post('/api/auth/sign-up/email', {
        email: 'stays@example.com',
        password: 'stays-password-1',
        name: 'S',
      })
    ).body.user.id as string;
    const shared = (await owner.post('/api/auth/organization/create', { name: 'Shared', slug: 'shared-sweep' })).body
      .id as string;
    const old = await busyGuest(shared);
    await addOwnedRows(context, old.id, old.organizationId);
    const young = await busyGuest(shared);
    // The first guest is 7 hours old, the second 1 hour, the registered owner older than both.
    // Stored as Better Auth stores dates: ISO text on SQLite, timestamps on PostgreSQL.
    const ago = (hours: number) => {
      const date = new Date(Date.now() - hours * HOUR * 1000);
      return engine === 'sqlite' ? date.toISOString() : date;
    };
    await context.database.db
      .updateTable('user')
      .set({ createdAt: ago(7) })
      .where('id', '=', old.id)
      .execute();
    await context.database.db
      .updateTable('user')
      .set({ createdAt: ago(1) })
      .where('id', '=', young.id)
      .execute();
    await context.database.db
      .updateTable('user')
      .set({ createdAt: ago(48) })
      .where('id', '=', ownerId)
      .execute();

    // Two instances sweeping at once delete the guest once, without errors.
    const swept = await Promise.all([sweepGuests(context.auth, 6 * HOUR), sweepGuests(context.auth, 6 * HOUR)]);
    expect(swept.reduce((sum, value) => sum + value, 0)).toBeGreaterThanOrEqual(1);

    expect(await count('user', 'id', old.id)).toBe(0);
    for (const [table, column] of [
      ['session', 'userId'],
      ['account', 'userId'],
      ['member', 'userId'],
      ['teamMember', 'userId'],
      ['file', 'userId'],
    ] as const) {
      expect(await count(table, column, old.id), table).toBe(0);
    }
    // Nothing else of theirs either: passkeys, two-factor secrets, invitations.
    expect(await rowsOf(context, old.id)).toEqual(NONE);
    expect(await count('organization', 'id', old.organizationId)).toBe(0);
    expect(await count('team', 'organizationId', old.organizationId)).toBe(0);
    expect((await old.client.get('/api/auth/get-session')).body).toBeNull();

    // The younger guest, the registered owner and the organization they share stay.
    expect(await count('user', 'id', young.id)).toBe(1);
    expect(await count('organization', 'id', young.organizationId)).toBe(1);
    expect((await young.client.get('/api/auth/get-session')).body?.user.id).toBe(young.id);
    expect(await count('user', 'id', ownerId)).toBe(1);
    expect(await count('organization', 'id', shared)).toBe(1);
    expect(await count('member', 'organizationId', shared)).toBe(2);
  });

  it('hands a swept guest’s organization with members to a registered member, never leaving it ownerless', async () => {
    const signUp = async (label: string) => {
      const client = new TestClient(context.app);
      const response = await client.post('/api/auth/sign-up/email', {
        email: `${label}-${crypto.randomUUID().slice(0, 8)}@example.com`,
        password: 'member-password-1',
        name: label,
      });
      return response.body.user.id as string;
    };
    const anonymous = async () =>
      (await new TestClient(context.app).post('/api/auth/sign-in/anonymous')).body.user.id as string;
    const join = (userId: string, organizationId: string) =>
      context.auth.api.addMember({ body: { userId, organizationId, role: 'member' } });

    const owner = new TestClient(context.app);
    const ownerId = (await owner.post('/api/auth/sign-in/anonymous')).body.user.id as string;
    const shared = (await owner.post('/api/auth/organization/create', { name: 'Left Behind', slug: 'left-behind' }))
      .body.id as string;
    const onlyGuests = (await owner.post('/api/auth/organization/create', { name: 'Guests Only', slug: 'guests-only' }))
      .body.id as string;
    // A guest joins first, then two registered members: the first registered one takes over.
    const earlyGuest = await anonymous();
    await join(earlyGuest, shared);
    const heir = await signUp('heir');
    await join(heir, shared);
    const later = await signUp('later');
    await join(later, shared);
    const otherGuest = await anonymous();
    await join(otherGuest, onlyGuests);
    const old = new Date(Date.now() - 7 * HOUR * 1000);
    await context.database.db
      .updateTable('user')
      .set({ createdAt: engine === 'sqlite' ? old.toISOString() : old })
      .where('id', '=', ownerId)
      .execute();

    expect(await sweepGuests(context.auth, 6 * HOUR)).toBe(1);

    expect(await count('user', 'id', ownerId)).toBe(0);
    const roles = await context.database.db
      .selectFrom('member')
      .select(['organizationId', 'userId', 'role'])
      .where('organizationId', 'in', [shared, onlyGuests])
      .orderBy('role')
      .execute();
    expect(roles.filter((row) => row.organizationId === shared)).toEqual(
      expect.arrayContaining([
        { organizationId: shared, userId: heir, role: 'owner' },
        { organizationId: shared, userId: later, role: 'member' },
        { organizationId: shared, userId: earlyGuest, role: 'member' },
      ]),
    );
    // With no registered member, the longest-standing guest: the organization goes with the last of them.
    expect(roles.filter((row) => row.organizationId === onlyGuests)).toEqual([
      { organizationId: onlyGuests, userId: otherGuest, role: 'owner' },
    ]);
    await context.audit.flush();
    const events = await context.database.db
      .selectFrom('auditEvent')
      .select(['organizationId', 'targetUserId', 'outcome', 'details'])
      .where('action', '=', 'organization.owner_handover')
      .orderBy('organizationId')
      .execute();
    expect(events).toEqual(
      expect.arrayContaining([
        {
          organizationId: shared,
          targetUserId: heir,
          outcome: 'success',
          details: JSON.stringify({ previousOwnerId: ownerId }),
        },
        {
          organizationId: onlyGuests,
          targetUserId: otherGuest,
          outcome: 'success',
          details: JSON.stringify({ previousOwnerId: ownerId }),
        },
      ]),
    );
    expect(events).toHaveLength(2);
  });
});
