import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetTwoFactor } from './reset-two-factor';

// The console's client reads where the API is at import; in a browser, from the page's address.
vi.hoisted(() => vi.stubEnv('VITE_API_URL', 'http://localhost:3000'));

describe('resetting a user’s two-factor', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('posts to the user’s reset route, the id encoded, declaring JSON as every write must', async () => {
    const fetch = vi.fn(async (_url: string, _init: RequestInit) =>
      Response.json({ data: { userId: 'a/b', sessionsRevoked: 1 } }),
    );
    vi.stubGlobal('fetch', fetch);
    await resetTwoFactor('a/b');
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('http://localhost:3000/api/v1/admin/users/a%2Fb/two-factor/reset');
    expect(init.method).toBe('POST');
    expect(new Headers(init.headers).get('content-type')).toBe('application/json');
  });
});
