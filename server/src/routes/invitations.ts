import { Hono } from 'hono';
import type { ApiData } from '#common/error-codes';
import type { MyInvitation } from '#common/organizations';
import type { Auth } from '../auth/auth';
import type { Database } from '../db/database';
import { apiError } from '../http/api-error';
import { requireUser, type PrincipalVariables } from '../http/session';
import { toIsoDate } from '../db/dates';

/**
 * The caller's pending invitations with the organization's name and the inviter's email, in one
 * query. Like Better Auth's own listing, only for a verified address: whoever signs up with someone
 * else's email must not see (or accept) their invitations.
 */
export function invitationRoutes({ auth, database }: { auth: Auth; database: Database }) {
  return new Hono<{ Variables: PrincipalVariables }>().get('/', requireUser(auth), async (c) => {
    const { user } = c.get('principal');
    if (!user.emailVerified) {
      return apiError(c, 403, 'INVITATIONS_NEED_VERIFIED_EMAIL');
    }
    const rows = await database.db
      .selectFrom('invitation as i')
      .innerJoin('organization as o', 'o.id', 'i.organizationId')
      .leftJoin('user as u', 'u.id', 'i.inviterId')
      .select([
        'i.id',
        'i.organizationId',
        'o.name as organizationName',
        'i.role',
        'u.email as inviterEmail',
        'i.createdAt',
        'i.expiresAt',
      ])
      .where('i.email', '=', user.email.toLowerCase())
      .where('i.status', '=', 'pending')
      .orderBy('i.createdAt', 'desc')
      .execute();
    const now = Date.now();
    return c.json<ApiData<MyInvitation[]>>({
      data: rows
        .map((row) => ({
          id: row.id,
          organizationId: row.organizationId,
          organizationName: row.organizationName,
          // Better Auth's default role for an invitation that names none.
          role: row.role ?? 'member',
          inviterEmail: row.inviterEmail ?? null,
          createdAt: toIsoDate(row.createdAt),
          expiresAt: toIsoDate(row.expiresAt),
        }))
        .filter((invitation) => Date.parse(invitation.expiresAt) > now),
    });
  });
}
