import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { NON_PUBLIC_ADDRESSES } from '../../lib/non-public-addresses';

const LOOPBACK = new net.BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

export interface PictureFetchRules {
  maxBytes: number;
  timeoutMs: number;
  /** Tests only: http and loopback addresses too (a provider on this machine). */
  allowLoopback: boolean;
}

export class PictureRefused extends Error {}

const familyOf = (address: string) => (net.isIPv6(address) ? 'ipv6' : 'ipv4');
const allowed = (address: string, rules: PictureFetchRules) =>
  !NON_PUBLIC_ADDRESSES.check(address, familyOf(address)) ||
  (rules.allowLoopback && LOOPBACK.check(address, familyOf(address)));

/**
 * Fetches a provider's picture URL without letting it reach inside our network (SSRF): https only,
 * and the address actually connected to is checked after the name is resolved (so a name that
 * resolves to a private address, or changes to one between two lookups, is refused). No redirects,
 * at most `maxBytes`, within `timeoutMs` from start to last byte.
 */
export function fetchPicture(url: string, rules: PictureFetchRules): Promise<Uint8Array> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return Promise.reject(new PictureRefused('not a URL'));
  }
  const secure = target.protocol === 'https:';
  if (!secure && !(rules.allowLoopback && target.protocol === 'http:')) {
    return Promise.reject(new PictureRefused(`${target.protocol} is not https`));
  }
  const literal = target.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(literal) && !allowed(literal, rules)) return Promise.reject(new PictureRefused('a private address'));

  const lookup: net.LookupFunction = (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 4);
      const list = addresses as dns.LookupAddress[];
      if (list.length === 0 || list.some((entry) => !allowed(entry.address, rules))) {
        return callback(new PictureRefused(`${hostname} resolves to a private address`), '', 4);
      }
      if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };

  return new Promise((resolve, reject) => {
    const request = (secure ? https : http).get(
      target,
      { lookup, headers: { accept: 'image/*' }, agent: false },
      (response) => {
        const declared = Number(response.headers['content-length'] ?? 0);
        if (response.statusCode !== 200 || declared > rules.maxBytes) {
          response.resume();
          request.destroy();
          return reject(new PictureRefused(`answered ${response.statusCode}, ${declared} bytes`));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.byteLength;
          if (size > rules.maxBytes) {
            // Settled first: whatever the torn-down response emits afterwards changes nothing.
            reject(new PictureRefused(`larger than ${rules.maxBytes} bytes`));
            request.destroy();
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () => {
          if (size <= rules.maxBytes) resolve(new Uint8Array(Buffer.concat(chunks)));
        });
        response.on('error', reject);
      },
    );
    const deadline = setTimeout(
      () => request.destroy(new PictureRefused(`no picture in ${rules.timeoutMs} ms`)),
      rules.timeoutMs,
    );
    deadline.unref();
    request.on('error', reject);
    request.on('close', () => clearTimeout(deadline));
  });
}
