import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../lib/logger';
import { TestClient } from '../testing/http-client';
import { createTestContext, type TestContext } from '../testing/test-context';
import { createGeoLookup, geoFromHeaders, geoFromRecord, isPublicAddress } from './session-geo';

const CLOUDFLARE_HEADERS = {
  'cf-ipcountry': 'PT',
  'cf-ipcity': 'Lisbon',
  'cf-region': 'Lisbon',
  'cf-region-code': '11',
  'cf-timezone': 'Europe/Lisbon',
  'cf-ray': '8c2f1a2b3c4d5e6f-LIS',
  'cf-iplatitude': '38.71670',
  'cf-iplongitude': '-9.13330',
};

async function signInWith(context: TestContext, email: string, headers: Record<string, string>) {
  const client = new TestClient(context.app);
  const signUp = await client.post(
    '/api/auth/sign-up/email',
    { email, password: 'geo-password-1', name: 'Geo' },
    headers,
  );
  expect(signUp.status).toBe(200);
  return (await client.get('/api/auth/get-session')).body.session;
}

describe('session location from proxy headers', () => {
  let trusting: TestContext;
  let distrusting: TestContext;
  beforeAll(async () => {
    trusting = await createTestContext('sqlite', { env: { TRUST_PROXY_GEO_HEADERS: 'true', GEOIP_DATABASE: 'off' } });
    distrusting = await createTestContext('sqlite', { env: { GEOIP_DATABASE: 'off' } });
  });
  afterAll(async () => {
    await trusting?.destroy();
    await distrusting?.destroy();
  });

  it('fills every location field when the proxy is trusted', async () => {
    const session = await signInWith(trusting, 'cf@example.com', CLOUDFLARE_HEADERS);
    expect(session).toMatchObject({
      country: 'PT',
      city: 'Lisbon',
      region: 'Lisbon',
      region_code: '11',
      timezone: 'Europe/Lisbon',
      colo: 'LIS',
      latitude: '38.71670',
      longitude: '-9.13330',
    });
  });

  it('ignores the same headers when nobody said a proxy sets them', async () => {
    const session = await signInWith(distrusting, 'spoof@example.com', CLOUDFLARE_HEADERS);
    expect(session.country ?? null).toBeNull();
    expect(session.city ?? null).toBeNull();
  });

  it('reads UTF-8 city names that arrive as header bytes', () => {
    const headers = new Headers({ 'cf-ipcity': Buffer.from('São Paulo', 'utf8').toString('latin1') });
    expect(geoFromHeaders(headers)).toEqual({ city: 'São Paulo' });
  });
});

describe('session location from the offline database', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestContext('sqlite');
  });
  afterAll(async () => context?.destroy());

  it('looks up the client address in the bundled DB-IP City Lite database', async () => {
    const session = await signInWith(context, 'dbip@example.com', { 'x-forwarded-for': '8.8.8.8' });
    expect(session.ipAddress).toBe('8.8.8.8');
    expect(session).toMatchObject({ country: 'US', region: 'California', city: 'Mountain View' });
    expect(Number(session.latitude)).toBeCloseTo(37.42, 1);
    expect(Number(session.longitude)).toBeCloseTo(-122.08, 1);
  });

  it('skips addresses no database knows (loopback, private ranges)', async () => {
    const lookup = createGeoLookup('default', createLogger('silent'));
    for (const ip of ['127.0.0.1', '10.1.2.3', '192.168.0.10', '::1', 'fd00::1', 'not-an-ip']) {
      expect(isPublicAddress(ip), ip).toBe(false);
      expect(await lookup(ip)).toBeUndefined();
    }
    expect(await lookup('2001:4860:4860::8888')).toMatchObject({ country: expect.any(String) });
  });

  it('reads MaxMind GeoIP2 City records as well as DB-IP ones', () => {
    expect(
      geoFromRecord({
        country: { iso_code: 'GB', names: { en: 'United Kingdom' } },
        city: { names: { en: 'London' } },
        subdivisions: [{ iso_code: 'ENG', names: { en: 'England' } }],
        location: { latitude: 51.5142, longitude: -0.0931, time_zone: 'Europe/London' },
      } as never),
    ).toEqual({
      country: 'GB',
      city: 'London',
      region: 'England',
      region_code: 'ENG',
      timezone: 'Europe/London',
      latitude: '51.5142',
      longitude: '-0.0931',
    });
  });
});
