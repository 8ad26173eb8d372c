import { createEmailVerificationToken } from 'better-auth/api';
import type { Hono } from 'hono';
import { expect } from 'vitest';
import { TestClient } from './http-client';
import { createTestContext, type Engine, type TestContext, type TestContextOptions } from './test-context';

/** The platform admin a test context makes at start when given `ADMIN_ENV`. */
export const TEST_ADMIN = { email: 'root@example.com', password: 'root-password-1' } as const;
export const ADMIN_ENV = { ADMIN_EMAIL: TEST_ADMIN.email, ADMIN_PASSWORD: TEST_ADMIN.password } as const;

export interface NewAccount {
  email: string;
  password?: string;
  name?: string;
}

/**
 * A browser that signs up a new account, and so holds its session; fails the test unless sign-up
 * worked. The name defaults to the address's local part, the password to one that passes the rules.
 */
export async function signUp(app: Hono, { email, password = 'user-password-1', name }: NewAccount) {
  const client = new TestClient(app);
  const response = await client.post('/api/auth/sign-up/email', { email, password, name: name ?? email.split('@')[0] });
  expect(response.status, response.text).toBe(200);
  return { client, id: response.body.user.id as string };
}

/** A new browser signed in to an existing account; fails the test unless sign-in worked. */
export async function signIn(app: Hono, email: string, password: string): Promise<TestClient> {
  const client = new TestClient(app);
  const response = await client.post('/api/auth/sign-in/email', { email, password });
  expect(response.status, response.text).toBe(200);
  return client;
}

/** A browser signed in as the context's admin (made from `ADMIN_ENV`). */
export const signInAdmin = (app: Hono) => signIn(app, TEST_ADMIN.email, TEST_ADMIN.password);

/** A context for one test only, destroyed whatever the test does. */
export async function withTestContext<T>(
  engine: Engine,
  options: TestContextOptions,
  run: (context: TestContext) => Promise<T>,
): Promise<T> {
  const context = await createTestContext(engine, options);
  try {
    return await run(context);
  } finally {
    await context.destroy();
  }
}

/**
 * Proves the account's address the way a person does: by opening, in the same browser (which it
 * signs in afresh), the link of the verification mail, made as Better Auth makes it for the mail
 * (any mailer, and no sending limit in the way).
 */
export async function verifyEmail(context: TestContext, client: TestClient, email: string): Promise<void> {
  const token = await createEmailVerificationToken((await context.auth.$context).secret, email);
  const opened = await client.get(`/api/auth/verify-email?token=${token}`);
  expect(opened.status, opened.text).toBeLessThan(400);
  expect((await client.get('/api/auth/get-session')).body?.user.emailVerified).toBe(true);
}
