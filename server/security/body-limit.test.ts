import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_API_BODY_BYTES } from '../src/app';
import { createTestContext, TEST_ORIGIN, type TestContext } from '#test/test-context';

/** Sends requests one after another on a single kept-alive connection, as browsers and proxies do. */
function onOneConnection(port: number, requests: Array<{ method: string; path: string; body?: Buffer }>) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const send = ({ method, path, body }: (typeof requests)[number]) =>
    new Promise<{ status: number; connection: string | undefined; socketReused: boolean }>((resolve, reject) => {
      const request = http.request(
        {
          port,
          host: '127.0.0.1',
          method,
          path,
          agent,
          headers: {
            origin: TEST_ORIGIN,
            'content-type': 'application/json',
            ...(body ? { 'content-length': body.length } : {}),
          },
        },
        (response) => {
          response.resume();
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              connection: response.headers.connection,
              socketReused: request.reusedSocket,
            }),
          );
        },
      );
      request.on('error', reject);
      request.end(body);
    });
  return (async () => {
    const results = [];
    for (const request of requests) results.push(await send(request));
    agent.destroy();
    return results;
  })();
}

describe('ASVS V4 API and web service: an oversized body on a kept-alive connection', () => {
  let context: TestContext;
  let server: ServerType;
  let port: number;
  beforeAll(async () => {
    context = await createTestContext('sqlite');
    server = serve({ fetch: context.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await context?.destroy();
  });

  it('answers 413 and closes the connection cleanly, so the next request works on a new one', async () => {
    const oversized = Buffer.alloc(MAX_API_BODY_BYTES + 1024, 'a');
    const [refused, next] = await onOneConnection(port, [
      { method: 'POST', path: '/api/auth/sign-in/email', body: oversized },
      { method: 'GET', path: '/api/v1/health' },
    ]);
    expect(refused).toMatchObject({ status: 413, connection: 'close' });
    expect(next).toMatchObject({ status: 200, socketReused: false });
  });
});
