import { afterEach, describe, expect, it, vi } from 'vitest';
import { ERROR_CODES } from '#common/error-codes';
import { removeLinkedIdentity } from './remove-linked-identity';

// The console's client reads where the API is at import; in a browser, from the page's address.
vi.hoisted(() => vi.stubEnv('VITE_API_URL', 'http://localhost:3000'));

describe('removing a linked identity', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('deletes at the user’s identity route, both ids encoded, with no body', async () => {
    const fetch = vi.fn(async (_url: string, _init: RequestInit) =>
      Response.json({ data: { id: 'x?y', userId: 'a/b', providerId: 'github', sessionsEnded: 1 } }),
    );
    vi.stubGlobal('fetch', fetch);
    await removeLinkedIdentity('a/b', 'x?y');
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('http://localhost:3000/api/v1/admin/users/a%2Fb/linked-accounts/x%3Fy');
    expect(init.method).toBe('DELETE');
    expect(init.body).toBeUndefined();
  });

  it('fails with the server’s words and code when it keeps the last way to sign in', async () => {
    const refusal = { code: 'USER_LAST_WAY_TO_SIGN_IN', message: ERROR_CODES.USER_LAST_WAY_TO_SIGN_IN };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(refusal, { status: 409 })),
    );
    await expect(removeLinkedIdentity('u', 'a')).rejects.toMatchObject({ status: 409, ...refusal });
  });
});
