import { Hono } from 'hono';
import type { Auth } from '../auth/auth';
import { requireUser, type PrincipalVariables } from '../http/session';

/** Who is calling: the simplest proof that a session or an API key works. */
export function meRoutes(auth: Auth) {
  return new Hono<{ Variables: PrincipalVariables }>().get('/', requireUser(auth, { apiKey: true }), (c) => {
    const { user, via } = c.get('principal');
    return c.json({
      user: { id: user.id, name: user.name, email: user.email, role: user.role ?? 'user', image: user.image ?? null },
      via,
    });
  });
}
