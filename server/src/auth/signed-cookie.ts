import crypto from 'node:crypto';

const SIGNATURE_LENGTH = 44;
/** How many signed cookies are remembered as checked: one per session in use, at most. */
const REMEMBERED = 10_000;

/**
 * Reads cookies signed as Better Auth signs them (`value.base64(HMAC-SHA256(secret, value))`):
 * the value, or null when the signature is wrong. Synchronous: Better Auth verifies through WebCrypto,
 * whose jobs queue on the libuv threadpool behind file reads and its other work.
 *
 * A cookie whose signature was right is remembered (up to `REMEMBERED`, the one checked first let go first): a signature stays
 * right for the life of the secret, and the session it names is still looked up on every request.
 * Only cookies signed with the secret are kept, so nobody without one can fill the memory.
 */
export function signedCookieReader(secret: string, remembered = REMEMBERED) {
  const key = crypto.createSecretKey(Buffer.from(secret));
  const checked = new Map<string, string>();

  const verify = (cookie: string): string | null => {
    const dot = cookie.lastIndexOf('.');
    if (dot < 1) return null;
    const value = cookie.slice(0, dot);
    const signature = Buffer.from(cookie.slice(dot + 1));
    if (signature.length !== SIGNATURE_LENGTH) return null;
    const expected = Buffer.from(crypto.createHmac('sha256', key).update(value).digest('base64'));
    return crypto.timingSafeEqual(signature, expected) ? value : null;
  };

  return (cookies: Map<string, string>, name: string): string | null => {
    const cookie = cookies.get(name);
    if (!cookie) return null;
    const known = checked.get(cookie);
    if (known !== undefined) return known;
    const value = verify(cookie);
    if (value === null) return null;
    if (checked.size >= remembered) checked.delete(checked.keys().next().value!);
    checked.set(cookie, value);
    return value;
  };
}
