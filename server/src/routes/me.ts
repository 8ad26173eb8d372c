import { Hono } from 'hono';
import type { ApiData } from '#common/error-codes';
import type { Auth } from '../auth/auth';
import { requireUser, type Principal, type PrincipalVariables } from '../http/session';

/** The caller, as `GET /api/v1/me` answers: who, and (beside it) how they proved it. */
export type MeAnswer = ApiData<
  { id: string; name: string; email: string; role: string; image: string | null },
  { via: Principal['via'] }
>;

/** Who is calling: the simplest proof that a session or an API key works. */
export function meRoutes(auth: Auth) {
  return new Hono<{ Variables: PrincipalVariables }>().get('/', requireUser(auth, { apiKey: true }), (c) => {
    const { user, via } = c.get('principal');
    return c.json<MeAnswer>({
      data: { id: user.id, name: user.name, email: user.email, role: user.role ?? 'user', image: user.image ?? null },
      via,
    });
  });
}
