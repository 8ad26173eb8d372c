import type { Database } from '../db/database';
import { aroundMemberEndpoint, MEMBER_ENDPOINTS } from '../db/membership-turns';
import type { SessionRead } from './session-reader';

type Handler = (request: Request) => Promise<Response>;

/**
 * Better Auth's handler, with its member endpoints (leave, remove a member, change a role, invite,
 * accept, the role endpoints) each run in the organizations' turn (`aroundMemberEndpoint`): two owners
 * leaving at once could otherwise each see the other still there, and a role deleted while it is given
 * would be left held. The organization is the invitation's, the body's, or the session's active one as
 * the endpoints take it; a request naming none still waits its turn in this process.
 */
export function withMemberEndpointTurns(
  database: Database,
  basePath: string,
  handler: Handler,
  readSession: (headers: Headers) => Promise<SessionRead> | SessionRead,
): Handler {
  const paths = new Set([...MEMBER_ENDPOINTS].map((path) => `${basePath}${path}`));
  const organizationOf = async (request: Request, read: SessionRead) => {
    const body: unknown = await request
      .clone()
      .json()
      .catch(() => undefined);
    const fields = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
    // An invitation is accepted into its own organization, whatever the session's active one.
    if (typeof fields.invitationId === 'string' && fields.invitationId !== '') {
      const invitation = await database.db
        .selectFrom('invitation')
        .select('organizationId')
        .where('id', '=', fields.invitationId)
        .executeTakeFirst();
      return invitation?.organizationId;
    }
    // An empty string names none: the endpoints then act on the active one (`named || active`).
    const named = typeof fields.organizationId === 'string' ? fields.organizationId : '';
    const active = read.kind === 'signed-in' ? read.session.activeOrganizationId : undefined;
    return named || (typeof active === 'string' ? active : undefined);
  };
  return async (request) => {
    if (request.method !== 'POST' || !paths.has(new URL(request.url).pathname)) return handler(request);
    const read = await readSession(request.headers);
    // No session cookie: the endpoint refuses it at once, without holding up anyone's changes.
    if (read.kind === 'visitor') return handler(request);
    const organizationId = await organizationOf(request, read);
    return aroundMemberEndpoint(database, organizationId, () => handler(request));
  };
}
