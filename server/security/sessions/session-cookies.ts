import type { TestContext } from '#test/test-context';
import { replay } from '../support/principals';

export const SESSION_COOKIE = 'better-auth.session_token';

/** The value of the session cookie a response sets, if it sets one. */
export function sessionTokenSet(response: { headers: Headers }, name = SESSION_COOKIE): string | undefined {
  for (const cookie of response.headers.getSetCookie()) {
    const [pair = ''] = cookie.split(';');
    const index = pair.indexOf('=');
    if (pair.slice(0, index) === name) return pair.slice(index + 1);
  }
  return undefined;
}

/** Whether a stale cookie still opens a session, asked of Better Auth and of our API. */
export async function stillWorks(context: TestContext, cookie: string) {
  const session = await replay(context, cookie, '/api/auth/get-session');
  const me = await replay(context, cookie, '/api/v1/me');
  return { session: JSON.parse(session.text) as unknown, me: me.status };
}
