import { expect } from 'vitest';
import { openSetupLink } from '../src/auth/first-admin/setup-link';
import type { TestClient } from './http-client';
import { TEST_ORIGIN, type TestContext } from './test-context';

/** A password that passes the rules, for the first admins the tests make. */
export const SETUP_PASSWORD = 'first-admin-password-1';

/** A new setup link, as a start makes it, and its token (it fails the test when there is none). */
export async function newSetupToken(context: TestContext): Promise<string> {
  const link = await openSetupLink(context.database.db, TEST_ORIGIN);
  expect(link, 'a setup link while no admin exists').toBeDefined();
  const url = new URL(link!.url);
  expect(`${url.origin}${url.pathname}`).toBe(`${TEST_ORIGIN}/setup`);
  return url.searchParams.get('token')!;
}

/** The accounts holding the platform admin role, with their address's proof as stored. */
export const admins = async (context: TestContext) =>
  (await context.database.db.selectFrom('user').select(['email', 'role', 'emailVerified']).execute()).filter((user) =>
    (user.role ?? '').split(',').includes('admin'),
  );

/** How many setup links the database keeps. */
export const keptLinks = async (context: TestContext) =>
  (await context.database.db.selectFrom('setupLink').selectAll().execute()).length;

/** Sends the setup form from `client`: the first admin at `email`, with the tests' password unless given. */
export const postSetup = (
  client: TestClient,
  {
    token,
    email,
    name = 'Root',
    password = SETUP_PASSWORD,
  }: { token: string; email: string; name?: string; password?: string },
) => client.post('/api/v1/setup', { token, name, email, password });
