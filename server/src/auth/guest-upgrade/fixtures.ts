import crypto from 'node:crypto';
import type { Hono } from 'hono';
import { sql } from 'kysely';
import { expect } from 'vitest';
import { TestClient } from '../../testing/http-client';
import { pngForm } from '../../testing/images';
import { selectRows } from '../../testing/rows';
import type { TestContext } from '../../testing/test-context';
import { createOrganization, createTeam } from '../plugins/account-deletion/fixtures';

export {
  addMember,
  addOwnedRows,
  createOrganization,
  createTeam,
  NONE,
  rowsOf,
} from '../plugins/account-deletion/fixtures';

export const PASSWORD = 'user-password-1';

/** A new browser that continued as a guest; fails the test unless that worked. */
export async function signInAsGuest(app: Hono) {
  const client = new TestClient(app);
  const response = await client.post('/api/auth/sign-in/anonymous', {});
  expect(response.status, response.text).toBe(200);
  return { client, id: response.body.user.id as string };
}

/** The guest's browser signs up (the upgrade); fails the test unless that worked; the new account's id. */
export async function upgradeBySignUp(guest: TestClient, name: string, email: string) {
  const response = await guest.post('/api/auth/sign-up/email', { name, email, password: PASSWORD });
  expect(response.status, response.text).toBe(200);
  return response.body.user.id as string;
}

/** Uploads a picture and makes it the signed-in account's, as the profile does; its URL and file id. */
export async function setAvatar(client: TestClient) {
  const form = await pngForm({ category: 'profile', isPublic: 'true' });
  const uploaded = await client.request('POST', '/api/v1/files/upload', { body: form });
  expect(uploaded.status, uploaded.text).toBe(201);
  const updated = await client.post('/api/auth/update-user', { image: uploaded.body.url });
  expect(updated.status, updated.text).toBe(200);
  return { url: uploaded.body.url as string, fileId: uploaded.body.data.id as string };
}

/** A guest with a name, a picture, an organization of its own and a team in it. */
export async function guestWithWork(app: Hono, name: string) {
  const guest = await signInAsGuest(app);
  expect((await guest.client.post('/api/auth/update-user', { name })).status).toBe(200);
  const avatar = await setAvatar(guest.client);
  const organizationId = await createOrganization(guest.client, `${name} Works`);
  const teamId = await createTeam(guest.client, organizationId, `${name} Team`);
  return { ...guest, avatar, organizationId, teamId };
}

/** A team place written directly (a private team's member). */
export async function addTeamPlace(context: TestContext, teamId: string, userId: string, role: 'member' | 'owner') {
  await context.database.db
    .insertInto('teamMember')
    .values({ id: crypto.randomUUID(), teamId, userId, role, createdAt: new Date().toISOString() })
    .execute();
}

/** Sorted by user id as JavaScript sorts (databases collate differently), as the tests write them. */
const byUser = <T extends { userId: string }>(rows: T[]) => rows.sort((a, b) => a.userId.localeCompare(b.userId));

/** Who belongs to an organization, with which role, sorted by user id. */
export async function membersOf(context: TestContext, organizationId: string) {
  return byUser(await selectRows(context, 'member', ['userId', 'role'], { organizationId }));
}

/** Who holds a place in a team, with which role, sorted by user id. */
export async function placesIn(context: TestContext, teamId: string) {
  return byUser(await selectRows(context, 'teamMember', ['userId', 'role'], { teamId }));
}

/** Whose a file is, or undefined once it is gone. */
export async function ownerOfFile(context: TestContext, fileId: string) {
  const row = await context.database.db.selectFrom('file').select('userId').where('id', '=', fileId).executeTakeFirst();
  return row?.userId;
}

/** A user's name and picture as stored. */
export async function profileOf(context: TestContext, userId: string) {
  return context.database.db.selectFrom('user').select(['name', 'image']).where('id', '=', userId).executeTakeFirst();
}

/** Makes every change of a file's owner fail, as a database failing halfway through a move would. */
export async function refuseFileMoves(context: TestContext) {
  const { db, engine } = context.database;
  if (engine === 'sqlite') {
    await sql`create trigger refuse_file_move before update of "userId" on "file"
      begin select raise(abort, 'file move refused'); end`.execute(db);
    return;
  }
  await sql`create function refuse_file_move() returns trigger language plpgsql
    as $$ begin raise exception 'file move refused'; end $$`.execute(db);
  await sql`create trigger refuse_file_move before update of "userId" on "file"
    for each row execute function refuse_file_move()`.execute(db);
}

/** Undoes `refuseFileMoves`. */
export async function allowFileMoves(context: TestContext) {
  const { db, engine } = context.database;
  if (engine === 'sqlite') {
    await sql`drop trigger refuse_file_move`.execute(db);
    return;
  }
  await sql`drop trigger refuse_file_move on "file"`.execute(db);
  await sql`drop function refuse_file_move()`.execute(db);
}
