import crypto from 'node:crypto';
import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';
import { symmetricDecrypt } from 'better-auth/crypto';
import { TOTP_DIGITS, TOTP_PERIOD_SECONDS } from '#common/two-factor';
import type { Database } from '../../db/database';
import type { HookContext } from '../auth-hook';

/** Steps either side of now whose code is accepted, as Better Auth's TOTP check accepts them. */
const WINDOW = 1;
/** How Better Auth marks a secret imported from elsewhere (stored base32, not as raw text). */
const BASE32_PREFIX = 'base32:';

/** The secret as Better Auth's TOTP check uses it. */
async function secretOf(ctx: HookContext, encrypted: string): Promise<string | Uint8Array> {
  const secret = await symmetricDecrypt({ key: ctx.context.secretConfig, data: encrypted });
  return secret.startsWith(BASE32_PREFIX) ? base32.decode(secret.slice(BASE32_PREFIX.length).toUpperCase()) : secret;
}

/** The 30-second step whose code this is, among those accepted now; undefined for a wrong code. */
async function stepOf(secret: string | Uint8Array, code: string): Promise<number | undefined> {
  const otp = createOTP(secret, { digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS });
  const now = Math.floor(Date.now() / 1000 / TOTP_PERIOD_SECONDS);
  let matched: number | undefined;
  // Every step is computed and compared, so the time taken tells nothing of which one matched.
  for (let offset = -WINDOW; offset <= WINDOW; offset += 1) {
    const expected = await otp.hotp(now + offset);
    if (expected.length === code.length && crypto.timingSafeEqual(Buffer.from(expected), Buffer.from(code)))
      matched = now + offset;
  }
  return matched;
}

/** What became of a code before Better Auth checks it. */
export type CodeUse = 'first-use' | 'already-used' | 'not-a-code';

/**
 * An authenticator code is accepted once (RFC 6238 §5.2): before Better Auth checks a right code, its
 * time step is recorded as the account's last accepted one, in one conditional UPDATE
 * (`WHERE lastAcceptedStep < :step`), so of two uses of one code, sent one after the other or at the
 * same instant to two instances, one alone goes on; so does a code of an earlier step (decision 0058).
 * A wrong code is left to Better Auth's check and its counts.
 */
export async function recordCodeUse(
  ctx: HookContext,
  database: Database,
  userId: string,
  code: unknown,
): Promise<CodeUse> {
  if (typeof code !== 'string') return 'not-a-code';
  const row = await database.db
    .selectFrom('twoFactor')
    .select(['id', 'secret'])
    .where('userId', '=', userId)
    .executeTakeFirst();
  if (!row) return 'not-a-code';
  const step = await stepOf(await secretOf(ctx, row.secret), code);
  if (step === undefined) return 'not-a-code';
  const recorded = await database.db
    .updateTable('twoFactor')
    .set({ lastAcceptedStep: step })
    .where('id', '=', row.id)
    .where((eb) => eb.or([eb('lastAcceptedStep', 'is', null), eb('lastAcceptedStep', '<', step)]))
    .executeTakeFirst();
  return Number(recorded.numUpdatedRows) === 1 ? 'first-use' : 'already-used';
}
