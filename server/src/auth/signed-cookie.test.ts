import crypto from 'node:crypto';
import { serializeSignedCookie } from 'better-call';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signedCookieReader } from './signed-cookie';

const SECRET = 'a-secret-of-the-right-length-0123456789';
const NAME = 'gatehouse.session_token';

/** The cookie's value as Better Auth's own signing (better-call) writes it into Set-Cookie. */
async function signed(value: string, secret = SECRET) {
  const header = await serializeSignedCookie(NAME, value, secret);
  return decodeURIComponent(header.split(';')[0]!.slice(NAME.length + 1));
}
const jar = (cookie: string | undefined) => new Map(cookie === undefined ? [] : [[NAME, cookie]]);

describe('signed cookies', () => {
  afterEach(() => vi.restoreAllMocks());

  it('reads what Better Auth signs, and nothing signed otherwise', async () => {
    const read = signedCookieReader(SECRET);
    const cookie = await signed('token-1');
    expect(read(jar(cookie), NAME)).toBe('token-1');
    expect(read(jar(await signed('token-1', 'another-secret-of-the-same-length-01234')), NAME)).toBeNull();
    expect(read(jar(undefined), NAME)).toBeNull();
    expect(read(jar('token-1'), NAME)).toBeNull();
    expect(read(jar('.abc'), NAME)).toBeNull();
    expect(read(jar(`token-1.${'A'.repeat(43)}=`), NAME)).toBeNull();
  });

  it('never takes a remembered signature for another value, nor another signature for a remembered value', async () => {
    const read = signedCookieReader(SECRET);
    const cookie = await signed('token-1');
    expect(read(jar(cookie), NAME)).toBe('token-1');
    const signature = cookie.slice(cookie.lastIndexOf('.') + 1);
    expect(read(jar(`token-2.${signature}`), NAME)).toBeNull();
    const flipped = signature[0] === 'A' ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    expect(read(jar(`token-1.${flipped}`), NAME)).toBeNull();
    expect(read(jar(cookie), NAME)).toBe('token-1');
  });

  it('checks a remembered cookie without signing again, and lets go of the one checked first', async () => {
    const read = signedCookieReader(SECRET, 2);
    const [first, second, third] = await Promise.all(['t1', 't2', 't3'].map((value) => signed(value)));
    const signing = vi.spyOn(crypto, 'createHmac');
    for (const cookie of [first, second, third]) read(jar(cookie), NAME);
    expect(signing).toHaveBeenCalledTimes(3);
    expect(read(jar(third), NAME)).toBe('t3');
    expect(signing).toHaveBeenCalledTimes(3);
    // The oldest was let go: it is checked again, and still read.
    expect(read(jar(first), NAME)).toBe('t1');
    expect(signing).toHaveBeenCalledTimes(4);
  });
});
