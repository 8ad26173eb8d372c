import crypto from 'node:crypto';
import type { BrowserContext } from 'playwright-core';
import { expect } from 'vitest';

export interface TestUser {
  name: string;
  email: string;
  password: string;
}

/** A user no other test knows, so tests never depend on each other's data. */
export function newUser(prefix = 'user'): TestUser {
  const id = crypto.randomBytes(4).toString('hex');
  return { name: `${prefix} ${id}`, email: `${prefix}-${id}@gatehouse.test`, password: `pw-${id}-secret` };
}

/** Signs up through the API (quicker than the form, which has its own tests). */
export async function createUser(baseURL: string, user: TestUser = newUser()): Promise<TestUser> {
  const response = await fetch(`${baseURL}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseURL },
    body: JSON.stringify(user),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return user;
}

const SIGN_IN = '/api/auth/sign-in/email';

/** Signs in through the API from a script (no browser): the server's answer, for the test to check. */
export function signInByApi(baseURL: string, { email, password }: Pick<TestUser, 'email' | 'password'>) {
  return fetch(`${baseURL}${SIGN_IN}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseURL },
    body: JSON.stringify({ email, password }),
  });
}

/**
 * Signs the browser context in through the API: its cookies land in the context. `headers`: what the
 * sign-in request also carries (a proxy's, a browser's own user agent).
 */
export async function signInContext(
  context: BrowserContext,
  baseURL: string,
  { email, password }: Pick<TestUser, 'email' | 'password'>,
  headers: Record<string, string> = {},
) {
  const response = await context.request.post(`${baseURL}${SIGN_IN}`, {
    data: { email, password },
    headers: { origin: baseURL, ...headers },
  });
  expect(response.status()).toBe(200);
}
