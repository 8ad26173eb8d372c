import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';

/**
 * The request as Better Auth should see it: X-Forwarded-For ends with the address that actually
 * connected. Without trusted proxies a client's own X-Forwarded-For is dropped (it could claim any
 * address); with them, the chain is kept and Better Auth walks it past the trusted hops.
 * In-process requests (tests) have no socket and are passed through as they are.
 */
export function withClientAddress(c: Context, trustedProxies: string[]): Request {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  const remote = incoming?.socket?.remoteAddress?.replace(/^::ffff:/, '');
  if (!remote) return c.req.raw;
  const forwarded = trustedProxies.length > 0 ? c.req.header('x-forwarded-for') : undefined;
  const headers = new Headers(c.req.raw.headers);
  headers.set('x-forwarded-for', forwarded ? `${forwarded}, ${remote}` : remote);
  return new Request(c.req.raw, { headers });
}
