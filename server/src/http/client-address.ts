import type { IncomingMessage } from 'node:http';
import { getIP } from '@better-auth/core/utils/ip';
import type { BetterAuthOptions } from 'better-auth';
import type { Context } from 'hono';

/**
 * The request as Better Auth should see it: X-Forwarded-For ends with the address that actually
 * connected. Without trusted proxies a client's own X-Forwarded-For is dropped (it could claim any
 * address); with them, the chain is kept and Better Auth walks it past the trusted hops.
 * In-process requests (tests) have no socket and are passed through as they are.
 */
export function withClientAddress(c: Context, trustedProxies: string[]): Request {
  const headers = clientAddressHeaders(c, trustedProxies);
  return headers ? new Request(c.req.raw, { headers }) : c.req.raw;
}

/** The request's headers as `withClientAddress` sets them; undefined when they stay as they are. */
function clientAddressHeaders(c: Context, trustedProxies: string[]): Headers | undefined {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  const remote = incoming?.socket?.remoteAddress?.replace(/^::ffff:/, '');
  if (!remote) return undefined;
  const forwarded = trustedProxies.length > 0 ? c.req.header('x-forwarded-for') : undefined;
  const headers = new Headers(c.req.raw.headers);
  headers.set('x-forwarded-for', forwarded ? `${forwarded}, ${remote}` : remote);
  return headers;
}

/** The client's address as Better Auth records it for sessions (its trusted proxies walked past). */
export function clientAddressOf(c: Context, options: BetterAuthOptions): string | null {
  // From the headers alone: a request whose body a route has read can no longer be copied.
  const trustedProxies = options.advanced?.ipAddress?.trustedProxies ?? [];
  return getIP(clientAddressHeaders(c, trustedProxies) ?? c.req.raw.headers, options);
}
