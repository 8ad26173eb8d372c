import crypto from 'node:crypto';
import { expect } from 'vitest';
import type { DB } from '../../../db/schema';
import type { TestClient } from '../../../testing/http-client';
import { selectRows } from '../../../testing/rows';
import type { TestContext } from '../../../testing/test-context';

const now = () => new Date().toISOString();
const id = () => crypto.randomUUID();

/** An organization made through Better Auth by the client's account (its owner); its id. */
export async function createOrganization(client: TestClient, name: string) {
  const slug = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${crypto.randomBytes(3).toString('hex')}`;
  const response = await client.post('/api/auth/organization/create', { name, slug });
  expect(response.status, response.text).toBe(200);
  return response.body.id as string;
}

/** A team made through Better Auth in the organization; its id. */
export async function createTeam(client: TestClient, organizationId: string, name: string) {
  const response = await client.post('/api/auth/organization/create-team', { name, organizationId });
  expect(response.status, response.text).toBe(200);
  return response.body.id as string;
}

/** A membership written directly (an accepted invitation, without the mail round). */
export async function addMember(context: TestContext, organizationId: string, userId: string, role = 'member') {
  await context.database.db
    .insertInto('member')
    .values({ id: id(), organizationId, userId, role, createdAt: now() })
    .execute();
}

/** The id of the user's membership of the organization. */
export async function memberIdOf(context: TestContext, organizationId: string, userId: string) {
  const [row] = await selectRows(context, 'member', ['id'], { organizationId, userId });
  if (!row) throw new Error(`${userId} is no member of ${organizationId}`);
  return row.id;
}

/** The rows a user's account owns besides those Better Auth makes: a passkey, 2FA, a file, an invitation. */
export async function addOwnedRows(context: TestContext, userId: string, organizationId: string) {
  const { db } = context.database;
  await db
    .insertInto('passkey')
    .values({
      id: id(),
      name: 'key',
      publicKey: 'pk',
      userId,
      credentialID: id(),
      counter: 0,
      deviceType: 'singleDevice',
      backedUp: context.database.engine === 'sqlite' ? 0 : false,
      transports: null,
      createdAt: now(),
      aaguid: null,
    })
    .execute();
  await db
    .insertInto('twoFactor')
    .values({ id: id(), secret: 's', backupCodes: 'c', userId, verified: null, failedVerificationCount: null })
    .execute();
  await db
    .insertInto('file')
    .values({
      id: id(),
      userId,
      category: 'profile',
      isPublic: 1,
      contentType: 'image/webp',
      size: 1,
      width: 1,
      height: 1,
      description: null,
      data: Buffer.from([1]),
      createdAt: now(),
    })
    .execute();
  await db
    .insertInto('invitation')
    .values({
      id: id(),
      organizationId,
      email: `invitee-${id()}@example.com`,
      role: 'member',
      teamId: null,
      status: 'pending',
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
      createdAt: now(),
      inviterId: userId,
    })
    .execute();
}

/** Every table with a column naming a user, and that column. */
const USER_COLUMNS = [
  ['session', 'userId'],
  ['account', 'userId'],
  ['member', 'userId'],
  ['invitation', 'inviterId'],
  ['teamMember', 'userId'],
  ['apikey', 'referenceId'],
  ['passkey', 'userId'],
  ['twoFactor', 'userId'],
  ['file', 'userId'],
  ['user', 'id'],
] as const satisfies readonly (readonly [keyof DB, string])[];

/** How many rows of each table still name the user. */
export async function rowsOf(context: TestContext, userId: string) {
  const counts: Record<string, number> = {};
  for (const [table, column] of USER_COLUMNS) {
    const row = await context.database.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as('n'))
      .where(column as never, '=', userId as never)
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  return counts;
}

export const NONE = Object.fromEntries(USER_COLUMNS.map(([table]) => [table, 0]));
