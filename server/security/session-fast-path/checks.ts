import { expect } from 'vitest';
import { TestClient } from '#test/http-client';
import type { TestContext } from '#test/test-context';

// The session check answered without Better Auth's router (`auth.readSession`, used by
// `GET /api/auth/get-session` and every `/api/v1` route) must be exactly as strict: whatever ends a
// session through Better Auth is refused on the very next request, on the instance that ended it and,
// with Redis, on every other; and what it answers is what Better Auth would have answered.

export const headersOf = (cookie: string) => new Headers({ cookie });

/** How the reader sees a cookie, and what both session checks answer to it. */
export async function check(context: TestContext, cookie: string) {
  const read = await context.auth.readSession(headersOf(cookie));
  const session = await new TestClient(context.app).get('/api/auth/get-session', { cookie });
  const me = await new TestClient(context.app).get('/api/v1/me', { cookie });
  return { kind: read.kind, session: session.body as unknown, me: me.status };
}

export async function expectServedFast(context: TestContext, cookie: string) {
  const seen = await check(context, cookie);
  expect(seen.kind).toBe('signed-in');
  expect(seen.session).not.toBeNull();
  expect(seen.me).toBe(200);
}

export async function expectRefused(context: TestContext, cookie: string) {
  const seen = await check(context, cookie);
  expect(seen.kind).not.toBe('signed-in');
  expect(seen.session).toBeNull();
  expect(seen.me).toBe(401);
}

/** A moment just gone: an expiry set to it has passed. */
export const past = () => new Date(Date.now() - 1000);
