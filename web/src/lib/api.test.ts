import { afterEach, describe, expect, it, vi } from 'vitest';
import { codeOfStatus } from '#common/error-status';
import { NETWORK_ERROR } from '#common/error-messages';
import { answer, api, params, query } from './api';
import { RequestError } from './errors';

// The client reads where the API is at import; in a browser, from the page's address.
vi.hoisted(() => vi.stubEnv('VITE_API_URL', 'http://localhost:3000'));

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('the /api/v1 client', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('names a route by its path, each path parameter encoded (a slash or a query stays in it)', () => {
    const url = api.admin.organizations[':id'].invitations[':invitationId'].$url({
      param: params({ id: 'x/users', invitationId: 'a/b?c=1#d' }),
    });
    expect(url.href).toBe('http://localhost:3000/api/v1/admin/organizations/x%2Fusers/invitations/a%2Fb%3Fc%3D1%23d');
  });

  it('sends only the values of a view that are set, as text', () => {
    const url = api.admin.users.export.$url({
      query: query({ search: '', role: 'admin' as const, banned: true, emailVerified: undefined, cursor: null }),
    });
    expect(url.search).toBe('?role=admin&banned=true');
  });

  it('sends the session cookie and a JSON body, and answers the JSON of a success', async () => {
    const fetch = vi.fn(async (_url: string, _init: RequestInit) => json({ data: { enabled: true } }));
    vi.stubGlobal('fetch', fetch);
    const setting = await answer(api.me['sign-in-alerts'].$put({ json: { enabled: true } }), 'Failed');
    expect(setting).toEqual({ data: { enabled: true } });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('http://localhost:3000/api/v1/me/sign-in-alerts');
    expect(init).toMatchObject({ method: 'PUT', credentials: 'include', body: '{"enabled":true}' });
    expect(new Headers(init.headers).get('content-type')).toBe('application/json');
  });

  it('throws a refusal as a RequestError with its status, code and the server’s words', async () => {
    vi.stubGlobal('fetch', async () => json({ code: 'CONFLICT', message: 'Slug taken', requestId: 'r1' }, 409));
    const failure = await answer(api.organizations.$post({ json: { name: 'Acme' } }), 'Failed').catch((e) => e);
    expect(failure).toBeInstanceOf(RequestError);
    expect(failure).toMatchObject({ status: 409, code: 'CONFLICT' });
  });

  it('throws a call that got no answer, or no JSON, with the fallback’s words', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    const offline = await answer(api.invitations.$get(), (status) => `Failed: ${status}`).catch((e) => e);
    expect(offline).toMatchObject({ status: 0, code: NETWORK_ERROR });
    vi.stubGlobal('fetch', async () => new Response('<html>bad gateway</html>', { status: 502 }));
    const gateway = await answer(api.invitations.$get(), (status) => `Failed: ${status}`).catch((e) => e);
    expect(gateway).toMatchObject({ status: 502, code: codeOfStatus(502) });
  });
});
