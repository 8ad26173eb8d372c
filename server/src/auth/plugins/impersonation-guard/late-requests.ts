import type { AuthContext } from 'better-auth';
// Better Auth's endpoints read cookies through better-call, which keeps the first of two with one name.
import { parseCookies } from 'better-call';
import { signedCookieReader } from '../../signed-cookie';

/**
 * A request the browser sent during an impersonation can be answered after the admin stopped it. Better
 * Auth would answer that its session is gone and expire the session cookie, and the browser would apply
 * that to the admin's own cookie, which the stop has just set: the admin would be signed out. Such a
 * request is passed on without its dead session cookie, so it is answered as a visitor's (as before)
 * and expires nothing.
 *
 * It is recognised by the way back that only the server signs (the admin's session, in `admin_session`)
 * naming a live session while the session cookie names none. An impersonation that ran out of time
 * still has its row: Better Auth ends it and its cookie as before. Keeping a dead cookie is all this
 * can do: the request is never answered as anyone.
 */
export function lateImpersonationRequests() {
  // Read from the context at the first request: its secret and cookie names never change.
  let signedValue: ReturnType<typeof signedCookieReader> | undefined;
  let wayBackName: string | undefined;

  return async (request: Request, context: AuthContext): Promise<{ request: Request } | undefined> => {
    const header = request.headers.get('cookie');
    wayBackName ??= context.createAuthCookie('admin_session').name;
    // Any request outside an impersonation: one substring search.
    if (!header?.includes(wayBackName)) return undefined;
    signedValue ??= signedCookieReader(context.secret);
    const cookies = parseCookies(header);
    const sessionName = context.authCookies.sessionToken.name;
    const token = signedValue(cookies, sessionName);
    const [adminToken] = signedValue(cookies, wayBackName)?.split(':') ?? [];
    if (!token || !adminToken) return undefined;
    // While the impersonation lasts, its session is found: one lookup, and the request goes on as it came.
    if (await context.internalAdapter.findSession(token)) return undefined;
    const adminSession = await context.internalAdapter.findSession(adminToken);
    if (!adminSession || adminSession.session.expiresAt < new Date()) return undefined;
    const headers = new Headers(request.headers);
    const others = header.split(';').filter((pair) => pair.split('=', 1)[0]!.trim() !== sessionName);
    headers.set('cookie', others.join(';'));
    return { request: new Request(request, { headers }) };
  };
}
