import { Hono, type MiddlewareHandler } from 'hono';
import type { ApiData } from '#common/error-codes';
import { signInAlertsSchema, type SignInAlertsSetting } from '#common/sign-in-alerts';
import type { Auth } from '../auth/auth';
import { alertsEnabled, setAlertsEnabled } from '../auth/plugins/sign-in-alerts/setting';
import type { Database } from '../db/database';
import { apiError } from '../http/api-error';
import { refuseImpersonation } from '../http/refuse-impersonation';
import { requireUser, type PrincipalVariables } from '../http/session';
import { validate } from '../http/validate';

/** The caller, as `GET /api/v1/me` answers: who, and (beside it) how they proved it. */
export type MeAnswer = ApiData<
  { id: string; name: string; email: string; role: string; image: string | null },
  { via: 'session' | 'api-key' }
>;

type Env = { Variables: PrincipalVariables };

/** After `requireUser`: a guest account has no settings of a registered one. */
const refuseGuests: MiddlewareHandler<Env> = async (c, next) => {
  if (c.get('principal').user.isAnonymous) return apiError(c, 403, 'NO_SIGN_IN_ALERTS_FOR_GUESTS');
  await next();
};

/** Who is calling (the simplest proof that a session or an API key works), and their own settings. */
export function meRoutes({ auth, database }: { auth: Auth; database: Database }) {
  // Settings are changed by the person in the console: a session, never an API key.
  const person = requireUser(auth);
  return new Hono<Env>()
    .get('/', requireUser(auth, { apiKey: true }), (c) => {
      const { user, via } = c.get('principal');
      return c.json<MeAnswer>({
        data: { id: user.id, name: user.name, email: user.email, role: user.role ?? 'user', image: user.image ?? null },
        via,
      });
    })
    .get('/sign-in-alerts', person, refuseGuests, async (c) => {
      const enabled = await alertsEnabled(database.db, c.get('principal').user.id);
      return c.json<ApiData<SignInAlertsSetting>>({ data: { enabled } });
    })
    .put(
      '/sign-in-alerts',
      person,
      refuseGuests,
      refuseImpersonation(),
      validate('json', signInAlertsSchema),
      async (c) => {
        const { enabled } = c.req.valid('json');
        await setAlertsEnabled(database.db, c.get('principal').user.id, enabled);
        return c.json<ApiData<SignInAlertsSetting>>({ data: { enabled } });
      },
    );
}
