import { twoFactor } from 'better-auth/plugins';
import {
  BACKUP_CODE_COUNT,
  BACKUP_CODE_LENGTH,
  TOTP_DIGITS,
  TOTP_PERIOD_SECONDS,
  TRUST_DEVICE_DAYS,
  TWO_FACTOR_ISSUER,
} from '#common/two-factor';
import type { Database } from '../../db/database';
import { twoFactorGuard } from './guard';
import { verificationLinkNeedsSecondFactor } from './verification-link';

/**
 * Two-factor sign-in with an authenticator app (decision 0034): Better Auth's `twoFactor` plugin,
 * every setting spelled out, and the one way in it leaves open closed.
 *
 * - Enabling asks for the password, then a first code: two-factor is on only once the app is proven.
 * - The TOTP secret and the backup codes are stored encrypted with the auth secret (the plugin's
 *   `symmetricEncrypt`, XChaCha20-Poly1305); backup codes each sign in once.
 * - A trusted device skips the code for 30 days (a signed cookie backed by a server-side record),
 *   until a new secret, an admin's reset or a new password ends every trusted device (decision 0059).
 * - A code signs in once, and wrong codes lock the account's second step after ten in a row, counted
 *   before each check by our guard, in place of the plugin's own lock (decision 0058).
 */
export function twoFactorPlugins(database: Database) {
  return [
    twoFactor({
      issuer: TWO_FACTOR_ISSUER,
      skipVerificationOnEnable: false,
      totpOptions: { digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS },
      backupCodeOptions: { amount: BACKUP_CODE_COUNT, length: BACKUP_CODE_LENGTH, storeBackupCodes: 'encrypted' },
      trustDeviceMaxAge: TRUST_DEVICE_DAYS * 24 * 60 * 60,
      accountLockout: { enabled: false },
    }),
    twoFactorGuard(database),
    verificationLinkNeedsSecondFactor(),
  ] as const;
}
