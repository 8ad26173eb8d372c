import { z } from 'zod';

/** Two-factor sign-in as the server sets it up (Better Auth's `twoFactor` plugin) and the console words it. */
export const TWO_FACTOR_ISSUER = 'Gatehouse';
/** What authenticator apps expect by default: 6 digits, a new code every 30 seconds. */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** Backup codes made at once; each signs in once. */
export const BACKUP_CODE_COUNT = 10;
/** Characters of a backup code, shown as two groups of five (`abcde-12345`). */
export const BACKUP_CODE_LENGTH = 10;
/** How long a device the person trusts skips the second step. */
export const TRUST_DEVICE_DAYS = 30;

/** The current password, which every change to two-factor sign-in asks for again. */
export const currentPasswordSchema = z.object({ password: z.string().min(1, 'Password is required') });
export type CurrentPasswordInput = z.infer<typeof currentPasswordSchema>;

/** A code from an authenticator app; spaces, as some apps show them, are left out. */
export const totpCodeSchema = z
  .string()
  .transform((value) => value.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, `Enter the ${TOTP_DIGITS}-digit code from your authenticator app`));

/** A backup code as it was shown (`abcde-12345`), spaces around it left out. */
export const backupCodeSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/, 'Enter a backup code as it was shown, like abcde-12345');

export const totpCodeFormSchema = z.object({ code: totpCodeSchema });

/** The sign-in's second step: a code from the app or a backup code, and whether to trust the device. */
export const secondFactorSchema = z.discriminatedUnion('method', [
  z.object({ method: z.literal('totp'), code: totpCodeSchema, trustDevice: z.boolean() }),
  z.object({ method: z.literal('backup'), code: backupCodeSchema, trustDevice: z.boolean() }),
]);
export type SecondFactorInput = z.infer<typeof secondFactorSchema>;

/**
 * The secret of an `otpauth://` URI (base32), for people who type it into their app instead of
 * scanning: grouped by four as apps print it. Null when the URI holds none.
 */
export function manualKeyOf(totpUri: string): string | null {
  let secret: string | null;
  try {
    secret = new URL(totpUri).searchParams.get('secret');
  } catch {
    return null;
  }
  return secret ? (secret.match(/.{1,4}/g) ?? []).join(' ') : null;
}
