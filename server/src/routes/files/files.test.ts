import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '#common/error-codes';
import { signUp } from '#test/accounts';
import { TestClient } from '#test/http-client';
import { createTestContext, ENGINES, type TestContext } from '#test/test-context';
import { MAX_UPLOAD_BYTES } from './avatar-image';

async function image(format: 'png' | 'jpeg' | 'webp' | 'gif' | 'avif', width = 640, height = 480) {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 90 } } })
    .toFormat(format)
    .toBuffer();
}

function form(bytes: Uint8Array, type: string, name = 'avatar') {
  const body = new FormData();
  body.set('file', new File([new Uint8Array(bytes)], name, { type }));
  body.set('category', 'profile');
  body.set('isPublic', 'true');
  body.set('description', 'Profile picture');
  return body;
}

describe.each(ENGINES)('avatar upload on %s', (engine) => {
  let context: TestContext;
  let client: TestClient;
  beforeAll(async () => {
    context = await createTestContext(engine);
    ({ client } = await signUp(context.app, { email: 'pic@example.com', name: 'Pic' }));
  });
  afterAll(async () => context?.destroy());

  const upload = (body: FormData, as = client) => as.request('POST', '/api/v1/files/upload', { body });

  it.each(['png', 'jpeg', 'webp', 'gif', 'avif'] as const)('turns a %s into a 256 px square WebP', async (format) => {
    const response = await upload(form(await image(format), `image/${format}`));
    expect(response.status, response.text).toBe(201);
    expect(response.body).toMatchObject({
      success: true,
      url: expect.stringMatching(/^http:\/\/localhost:3000\/api\/v1\/files\/[\w-]+$/),
    });

    const served = await context.app.fetch(new Request(response.body.url));
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const metadata = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 256, height: 256 });
  });

  it('strips every piece of metadata (no EXIF location leaves the server)', async () => {
    const withExif = await sharp(await image('jpeg', 800, 600))
      .withExif({ IFD0: { Copyright: 'secret-owner', Make: 'PhoneCo' } })
      .jpeg()
      .toBuffer();
    expect((await sharp(withExif).metadata()).exif).toBeDefined();
    const response = await upload(form(withExif, 'image/jpeg'));
    const served = Buffer.from(await (await context.app.fetch(new Request(response.body.url))).arrayBuffer());
    const metadata = await sharp(served).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(served.toString('latin1')).not.toContain('secret-owner');
  });

  it.each([
    [
      'an SVG',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      'image/svg+xml',
      /Only JPEG, PNG, WebP, GIF or AVIF/,
    ],
    ['HTML', Buffer.from('<!doctype html><script>alert(1)</script>'), 'image/png', /Only JPEG, PNG, WebP, GIF or AVIF/],
    ['plain text', Buffer.from('hello'), 'text/plain', /Only JPEG, PNG, WebP, GIF or AVIF/],
  ])('refuses %s with 415', async (_label, bytes, type, message) => {
    const response = await upload(form(bytes, type));
    expect(response.status).toBe(415);
    expect(response.body).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', message: expect.stringMatching(message) });
  });

  it('refuses a file whose bytes disagree with its declared type', async () => {
    const response = await upload(form(await image('jpeg'), 'image/png'));
    expect(response.status).toBe(415);
    expect(response.body.message).toBe("The file's content (image/jpeg) does not match its declared type (image/png)");
  });

  it('refuses a polyglot: a real image that also carries script', async () => {
    const polyglot = Buffer.concat([await image('png'), Buffer.from('<script>fetch("/steal")</script>')]);
    expect((await sharp(polyglot).metadata()).format).toBe('png');
    const response = await upload(form(polyglot, 'image/png'));
    expect(response.status).toBe(415);
    expect(response.body.message).toMatch(/markup or script/);
  });

  it('refuses a truncated image that only looks right at the start', async () => {
    const png = await image('png', 300, 300);
    const response = await upload(form(png.subarray(0, 60), 'image/png'));
    expect(response.status).toBe(415);
    expect(response.body.message).toBe('The image could not be read');
  });

  it('refuses a decompression bomb by its pixel count, before decoding it', async () => {
    // A small PNG whose header claims 100,000 × 100,000 pixels (10 gigapixels).
    const bomb = Buffer.from(await image('png', 16, 16));
    bomb.writeUInt32BE(100_000, 16);
    bomb.writeUInt32BE(100_000, 20);
    bomb.writeUInt32BE(crc32(bomb.subarray(12, 29)), 29);
    expect((await sharp(bomb, { limitInputPixels: false }).metadata()).width).toBe(100_000);
    const response = await upload(form(bomb, 'image/png'));
    expect(response.status).toBe(413);
    expect(response.body.message).toMatch(/megapixels/);
  });

  it('refuses a body over the byte cap with 413', async () => {
    const big = Buffer.alloc(MAX_UPLOAD_BYTES + 100 * 1024, 1);
    big.set(await image('png', 10, 10));
    const response = await upload(form(big, 'image/png'));
    expect(response.status).toBe(413);
    expect(response.body.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('needs a session, a file and a known category', async () => {
    expect((await upload(form(await image('png'), 'image/png'), new TestClient(context.app))).status).toBe(401);
    const noFile = new FormData();
    noFile.set('category', 'profile');
    expect((await upload(noFile)).status).toBe(400);
    const badCategory = form(await image('png'), 'image/png');
    badCategory.set('category', 'documents');
    expect((await upload(badCategory)).body.message).toBe('category must be one of: profile');
    const notMultipart = await client.post('/api/v1/files/upload', { file: 'x' });
    expect(notMultipart.status).toBe(415);
  });

  it('keeps only the avatar in use and the newest upload', async () => {
    const { client: user, id: userId } = await signUp(context.app, { email: 'keep@example.com', name: 'Keep' });
    const first = await upload(form(await image('png'), 'image/png'), user);
    expect((await user.post('/api/auth/update-user', { image: first.body.url })).status).toBe(200);
    await upload(form(await image('png'), 'image/png'), user);
    const third = await upload(form(await image('png'), 'image/png'), user);

    const rows = await context.database.db.selectFrom('file').select('id').where('userId', '=', userId).execute();
    expect(rows.map((row) => row.id).sort()).toEqual([first.body.data.id, third.body.data.id].sort());
    expect((await user.get(`/api/v1/files/${first.body.data.id}`)).status).toBe(200);
  });

  it('serves a private file to its owner only', async () => {
    const body = form(await image('png'), 'image/png');
    body.set('isPublic', 'false');
    const uploaded = await upload(body);
    expect(uploaded.status).toBe(201);
    const own = await client.get(`/api/v1/files/${uploaded.body.data.id}`);
    expect(own.status).toBe(200);
    expect(own.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    expect((await new TestClient(context.app).get(`/api/v1/files/${uploaded.body.data.id}`)).status).toBe(404);
  });

  it('answers an unknown file with a 404 JSON error', async () => {
    const response = await client.get<ApiErrorBody>('/api/v1/files/does-not-exist');
    expect(response.status).toBe(404);
    expect(response.body.code).toBe('FILE_NOT_FOUND');
  });
});
