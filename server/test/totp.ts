import crypto from 'node:crypto';
import { TOTP_DIGITS, TOTP_PERIOD_SECONDS } from '#common/two-factor';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32, as `otpauth://` URIs carry secrets (no padding). */
function base32Decode(text: string): Buffer {
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of text.replace(/[\s=]/g, '').toUpperCase()) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error(`not base32: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((value >>> bits) & 0xff);
    }
  }
  return Buffer.from(bytes);
}

/**
 * The code an authenticator app shows for a base32 secret (RFC 6238: HMAC-SHA1, 30-second steps,
 * 6 digits), written here from the RFC rather than taken from the server's library, so that a test
 * proves the server speaks the standard. `offsetSteps` asks for a neighbouring step's code.
 */
export function totpCode(secret: string, { at = Date.now(), offsetSteps = 0 } = {}): string {
  const counter = Math.floor(at / 1000 / TOTP_PERIOD_SECONDS) + offsetSteps;
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const digest = crypto.createHmac('sha1', base32Decode(secret)).update(message).digest();
  const offset = digest[digest.length - 1]! & 0x0f;
  const number = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(number % 10 ** TOTP_DIGITS).padStart(TOTP_DIGITS, '0');
}

/**
 * Waits, when the current 30-second step ends within `marginMs`, for the next one to begin: a code
 * computed just before a step ends could reach the server after it, one step older than meant.
 */
export async function awayFromStepEdge(marginMs = 1_000): Promise<void> {
  const periodMs = TOTP_PERIOD_SECONDS * 1000;
  const left = periodMs - (Date.now() % periodMs);
  if (left < marginMs) await new Promise((resolve) => setTimeout(resolve, left + 10));
}

/** The base32 secret of an `otpauth://totp/...` URI. */
export function secretOf(totpUri: string): string {
  const secret = new URL(totpUri).searchParams.get('secret');
  if (!secret) throw new Error(`no secret in ${totpUri}`);
  return secret;
}

/** A 6-digit code that is none of the codes the server accepts now (it allows one step either side). */
export function wrongCode(secret: string): string {
  const accepted = new Set([-1, 0, 1].map((offsetSteps) => totpCode(secret, { offsetSteps })));
  for (let candidate = 0; ; candidate += 1) {
    const code = String(candidate).padStart(TOTP_DIGITS, '0');
    if (!accepted.has(code)) return code;
  }
}
