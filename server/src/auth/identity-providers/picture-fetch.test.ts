import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchPicture, PictureRefused } from './picture-fetch';

/** Production's rules: https, public addresses only. */
const PRODUCTION = { maxBytes: 1024, timeoutMs: 1000, allowLoopback: false };
/** The tests' rules: loopback http allowed, the limits kept. */
const LOOPBACK = { ...PRODUCTION, allowLoopback: true };

describe('fetching a provider picture', () => {
  let base = '';
  let requests = 0;
  const server = http.createServer((request, response) => {
    requests += 1;
    if (request.url === '/small') response.writeHead(200).end(Buffer.alloc(100, 1));
    else if (request.url === '/huge') response.writeHead(200).end(Buffer.alloc(4096, 1));
    else if (request.url === '/chunked-huge') {
      response.writeHead(200);
      for (let i = 0; i < 10; i++) response.write(Buffer.alloc(512, 1));
      response.end();
    } else if (request.url === '/redirect') response.writeHead(302, { location: '/small' }).end();
    else if (request.url === '/slow') setTimeout(() => response.writeHead(200).end('late'), 3000);
    else response.writeHead(404).end();
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  it('takes a picture within the limits', async () => {
    expect((await fetchPicture(`${base}/small`, LOOPBACK)).byteLength).toBe(100);
  });

  it('never reaches inside the network: private, loopback, link-local and metadata addresses, literal or by name', async () => {
    const port = new URL(base).port;
    const before = requests;
    for (const url of [
      `https://127.0.0.1:${port}/small`,
      `https://localhost:${port}/small`,
      `https://[::1]:${port}/small`,
      'https://10.0.0.1/picture.png',
      'https://192.168.1.1/picture.png',
      'https://169.254.169.254/latest/meta-data/',
      'https://[fd00::1]/picture.png',
      'https://[::ffff:127.0.0.1]/picture.png',
    ]) {
      await expect(fetchPicture(url, PRODUCTION), url).rejects.toBeInstanceOf(PictureRefused);
    }
    expect(requests).toBe(before);
  });

  it('refuses anything but https outside tests', async () => {
    for (const url of [`${base}/small`, 'ftp://example.com/a.png', 'file:///etc/passwd', 'not a url']) {
      await expect(fetchPicture(url, PRODUCTION), url).rejects.toBeInstanceOf(PictureRefused);
    }
  });

  it('follows no redirect, and refuses an error answer', async () => {
    await expect(fetchPicture(`${base}/redirect`, LOOPBACK)).rejects.toBeInstanceOf(PictureRefused);
    await expect(fetchPicture(`${base}/missing`, LOOPBACK)).rejects.toBeInstanceOf(PictureRefused);
  });

  it('stops at the size limit, declared or not', async () => {
    await expect(fetchPicture(`${base}/huge`, LOOPBACK)).rejects.toBeInstanceOf(PictureRefused);
    await expect(fetchPicture(`${base}/chunked-huge`, LOOPBACK)).rejects.toBeInstanceOf(PictureRefused);
  });

  it('gives up a slow picture at the time limit', async () => {
    const started = Date.now();
    await expect(fetchPicture(`${base}/slow`, LOOPBACK)).rejects.toBeInstanceOf(PictureRefused);
    expect(Date.now() - started).toBeLessThan(2500);
  });
});
