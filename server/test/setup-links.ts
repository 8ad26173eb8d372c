import { expect } from 'vitest';
import type { TestClient } from './http-client';
import { TEST_ORIGIN, type TestContext } from './test-context';

/** A password that passes the rules, for the first admins the tests make. */
export const SETUP_PASSWORD = 'first-admin-password-1';

/** The token of the setup link the context's start made (it fails the test when there is none). */
export function startToken(context: TestContext): string {
  expect(context.setupLink, 'the start made a setup link').toBeDefined();
  const url = new URL(context.setupLink!.url);
  expect(`${url.origin}${url.pathname}`).toBe(`${TEST_ORIGIN}/setup`);
  return url.searchParams.get('token')!;
}

/** The token of a printed setup link. */
export const tokenOf = (link: { url: string } | undefined) => new URL(link!.url).searchParams.get('token')!;

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
