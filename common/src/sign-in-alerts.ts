import { ERROR_CODES } from './error-codes';
import { z } from 'zod';

/**
 * Sign-in alerts: a mail when the account signs in from a browser or a country it never signed in
 * from before. On unless the person turns them off.
 */
export const SIGN_IN_ALERTS_DEFAULT = true;

/** `PUT /api/v1/me/sign-in-alerts`; `GET` answers the same shape under `data`. */
export const signInAlertsSchema = z.object({
  enabled: z.boolean({ error: 'enabled must be true or false' }),
});
export type SignInAlertsSetting = z.infer<typeof signInAlertsSchema>;

/** A guest account has no lasting address to alert, nor anything to protect for long. */
export const SIGN_IN_ALERTS_GUEST_MESSAGE = ERROR_CODES.NO_SIGN_IN_ALERTS_FOR_GUESTS;
