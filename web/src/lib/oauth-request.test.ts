import { describe, expect, it } from 'vitest';
import { continuationOf, signedOAuthQuery } from './oauth-request';

const SIGNED = '?client_id=app&scope=openid&exp=99&ba_param=client_id&ba_param=exp&ba_param=scope&sig=abc';

describe('an application’s request in the page’s query', () => {
  it('keeps only the signed part: another parameter of ours would break the signature', () => {
    const query = signedOAuthQuery(`${SIGNED}&mode=sign-up`);
    expect(new URLSearchParams(query).get('mode')).toBeNull();
    expect(new URLSearchParams(query).get('client_id')).toBe('app');
    expect(new URLSearchParams(query).getAll('ba_param')).toEqual(['client_id', 'exp', 'scope']);
    expect(signedOAuthQuery('?mode=sign-up')).toBeUndefined();
    expect(signedOAuthQuery('?sig=abc&client_id=app')).toBeUndefined();
  });

  it("follows the provider's answer only: never a sign-in's own callback URL, nor off a request", () => {
    expect(continuationOf({ redirect: true, url: '/consent?x=1' }, SIGNED)).toBe('/consent?x=1');
    expect(continuationOf({ redirect: true, url: '/profile', token: 't', user: { id: 'u' } }, SIGNED)).toBeNull();
    expect(continuationOf({ redirect: true, url: '/consent?x=1' }, '')).toBeNull();
    expect(continuationOf({ twoFactorRedirect: true }, SIGNED)).toBeNull();
    expect(continuationOf(null, SIGNED)).toBeNull();
  });
});
