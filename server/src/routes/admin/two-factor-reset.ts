import { Hono } from 'hono';
import { z } from 'zod';
import type { TwoFactorResetAnswer } from '#common/admin';
import type { ApiData } from '#common/error-codes';
import type { AuditLog } from '../../audit/audit-log';
import type { Auth } from '../../auth/auth';
import { resetTwoFactor } from '../../auth/two-factor/reset';
import { apiError } from '../../http/api-error';
import { clientAddressOf } from '../../http/client-address';
import type { PrincipalVariables } from '../../http/session';
import { validate } from '../../http/validate';

const userParamSchema = z.object({
  id: z.string().min(1, 'id is required').max(200, 'id is at most 200 characters'),
});

/**
 * `POST /users/:id/two-factor/reset`, under the admin routes (which check the caller): for a person
 * who lost both their authenticator app and their backup codes.
 */
export function twoFactorResetRoutes(auth: Auth, audit: AuditLog) {
  return new Hono<{ Variables: PrincipalVariables }>().post(
    '/users/:id/two-factor/reset',
    validate('param', userParamSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      // The admin's own second factor is theirs to turn off, with their password, on their profile.
      if (id === c.get('principal').user.id) {
        return apiError(c, 400, 'TWO_FACTOR_SELF_RESET');
      }
      const outcome = await resetTwoFactor(auth, id);
      audit.record({
        action: 'admin.two_factor_reset',
        outcome: outcome === 'reset' ? 'success' : 'failure',
        actorId: c.get('principal').user.id,
        targetUserId: id,
        ipAddress: clientAddressOf(c, auth.options),
        userAgent: c.req.header('user-agent'),
        details: outcome === 'reset' ? {} : { code: outcome },
      });
      if (outcome === 'user-not-found') return apiError(c, 404, 'USER_NOT_FOUND');
      if (outcome === 'not-enabled') {
        return apiError(c, 409, 'TWO_FACTOR_NOT_ENABLED');
      }
      return c.json<ApiData<TwoFactorResetAnswer>>({ data: { userId: id, twoFactorEnabled: false } });
    },
  );
}
