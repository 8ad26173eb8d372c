import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, type TestResponse } from '../testing/http-client';
import { ENGINES, type TestContext } from '../testing/test-context';
import { sharedContexts } from './support/contexts';
import { plainUser, type Person } from './support/principals';

const contexts = sharedContexts();
afterAll(() => contexts.destroyAll());

const UPLOAD = '/api/v1/files/upload';
const SCRIPT = '<script>alert(document.cookie)</script>';

// --- Test images, made in code -------------------------------------------------------------------

type Format = 'png' | 'jpeg' | 'gif' | 'webp';

function solid(format: Format, width = 64, height = 48) {
  return sharp({ create: { width, height, channels: 3, background: { r: 30, g: 140, b: 90 } } })
    .toFormat(format)
    .toBuffer();
}

/** Pixels that do not compress away, so a cut through the file lands inside the image data. */
function noisy(format: Format, width = 300, height = 300) {
  const pixels = Buffer.alloc(width * height * 3);
  for (let index = 0; index < pixels.length; index += 1) pixels[index] = (index * 7919) % 251;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .toFormat(format)
    .toBuffer();
}

/** A PNG chunk with its length and CRC. */
function pngChunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** The PNG with a chunk added just before IEND (the last 12 bytes). */
function withPngChunk(png: Buffer, chunk: Buffer) {
  return Buffer.concat([png.subarray(0, png.length - 12), chunk, png.subarray(png.length - 12)]);
}

/** Rewrites the size a PNG declares in its IHDR, with a valid CRC: the pixel data stays tiny. */
function pngDeclaring(png: Buffer, width: number, height: number) {
  const patched = Buffer.from(png);
  patched.writeUInt32BE(width, 16);
  patched.writeUInt32BE(height, 20);
  patched.writeUInt32BE(crc32(patched.subarray(12, 29)), 29);
  return patched;
}

/** Rewrites the size in a JPEG's start-of-frame segment. */
function jpegDeclaring(jpeg: Buffer, width: number, height: number) {
  const patched = Buffer.from(jpeg);
  for (let index = 2; index < patched.length - 9; index += 1) {
    if (patched[index] === 0xff && (patched[index + 1] === 0xc0 || patched[index + 1] === 0xc2)) {
      patched.writeUInt16BE(height, index + 5);
      patched.writeUInt16BE(width, index + 7);
      return patched;
    }
  }
  throw new Error('no start-of-frame segment');
}

/** Where a GIF's blocks start: after the header, the logical screen descriptor and the global color table. */
function gifBlocksStart(gif: Buffer) {
  const packed = gif[10]!;
  return 13 + (packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0);
}

/** Rewrites the size in a GIF's logical screen and first image descriptor. */
function gifDeclaring(gif: Buffer, width: number, height: number) {
  const patched = Buffer.from(gif);
  patched.writeUInt16LE(width, 6);
  patched.writeUInt16LE(height, 8);
  const descriptor = patched.indexOf(0x2c, gifBlocksStart(patched));
  patched.writeUInt16LE(width, descriptor + 5);
  patched.writeUInt16LE(height, descriptor + 7);
  return patched;
}

/** The GIF with a comment extension holding the text, right after the global color table. */
function withGifComment(gif: Buffer, text: string) {
  const start = gifBlocksStart(gif);
  const data = Buffer.from(text, 'latin1');
  const comment = Buffer.concat([Buffer.from([0x21, 0xfe, data.length]), data, Buffer.from([0x00])]);
  return Buffer.concat([gif.subarray(0, start), comment, gif.subarray(start)]);
}

/** The JPEG with a comment (COM) segment holding the text, right after the start-of-image marker. */
function withJpegComment(jpeg: Buffer, text: string) {
  const data = Buffer.from(text, 'latin1');
  const header = Buffer.from([0xff, 0xfe, 0, 0]);
  header.writeUInt16BE(data.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), header, data, jpeg.subarray(2)]);
}

/** Rewrites the size in a lossy WebP's VP8 frame header (14 bits each, so at most 16383). */
function webpDeclaring(webp: Buffer, width: number, height: number) {
  const patched = Buffer.from(webp);
  expect(patched.toString('latin1', 12, 16)).toBe('VP8 ');
  patched.writeUInt16LE(width & 0x3fff, 26);
  patched.writeUInt16LE(height & 0x3fff, 28);
  return patched;
}

const cut = (bytes: Buffer) => bytes.subarray(0, Math.floor(bytes.length / 2));

function form(bytes: Uint8Array, type: string, name: string) {
  const body = new FormData();
  body.set('file', new File([new Uint8Array(bytes)], name, { type }));
  body.set('category', 'profile');
  return body;
}

// --- The attacks ----------------------------------------------------------------------------------

interface Refusal {
  name: string;
  status: number;
  body: () => Promise<FormData>;
}

const FORMATS = {
  png: { label: 'PNG', declaring: pngDeclaring, file: 'a.png' },
  jpeg: { label: 'JPEG', declaring: jpegDeclaring, file: 'a.jpg' },
  gif: { label: 'GIF', declaring: gifDeclaring, file: 'a.gif' },
  webp: { label: 'WebP', declaring: webpDeclaring, file: 'a.webp' },
} as const;

/** A tiny image whose header claims `side`×`side` pixels. */
function pixelFlood(format: Format, side: number): Refusal {
  const { label, declaring, file } = FORMATS[format];
  return {
    name: `a pixel flood: a tiny ${label} declaring ${side}×${side}`,
    status: 413,
    body: async () => form(declaring(await solid(format, 16, 16), side, side), `image/${format}`, file),
  };
}

/** A noisy image cut in half. */
function truncated(format: Format, where?: string): Refusal {
  const { label, file } = FORMATS[format];
  return {
    name: `a truncated ${label}${where ? ` (${where})` : ''}`,
    status: 415,
    body: async () => form(cut(await noisy(format)), `image/${format}`, file),
  };
}

const REFUSED_FILES: Refusal[] = [
  {
    name: 'an SVG with a script (image/svg+xml)',
    status: 415,
    body: async () =>
      form(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg">${SCRIPT}</svg>`), 'image/svg+xml', 'avatar.svg'),
  },
  {
    name: 'an SVG with a script named avatar.png and declared image/png',
    status: 415,
    body: async () =>
      form(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg">${SCRIPT}</svg>`), 'image/png', 'avatar.png'),
  },
  {
    name: 'an HTML page named avatar.png and declared image/png',
    status: 415,
    body: async () =>
      form(Buffer.from(`<!doctype html><html><body>${SCRIPT}</body></html>`), 'image/png', 'avatar.png'),
  },
  {
    name: 'a polyglot: a valid PNG with an HTML page appended',
    status: 415,
    body: async () =>
      form(
        Buffer.concat([await solid('png'), Buffer.from(`<html><body>${SCRIPT}</body></html>`)]),
        'image/png',
        'a.png',
      ),
  },
  {
    name: 'a polyglot: a valid JPEG with a script element appended',
    status: 415,
    body: async () => form(Buffer.concat([await solid('jpeg'), Buffer.from(SCRIPT)]), 'image/jpeg', 'a.jpg'),
  },
  {
    name: 'a polyglot: a valid GIF carrying a script in a comment extension',
    status: 415,
    body: async () => form(withGifComment(await solid('gif'), SCRIPT), 'image/gif', 'a.gif'),
  },
  {
    name: 'a polyglot: a valid JPEG with an HTML comment (COM) segment',
    status: 415,
    body: async () =>
      form(withJpegComment(await solid('jpeg'), `<html><body>${SCRIPT}</body></html>`), 'image/jpeg', 'a.jpg'),
  },
  {
    name: 'a polyglot: a valid PNG with a script in a tEXt chunk',
    status: 415,
    body: async () =>
      form(
        withPngChunk(await solid('png'), pngChunk('tEXt', Buffer.from(`Comment\0${SCRIPT}`, 'latin1'))),
        'image/png',
        'a.png',
      ),
  },
  {
    name: 'a valid JPEG whose EXIF description is a javascript: URL',
    status: 415,
    body: async () =>
      form(
        await sharp(await solid('jpeg'))
          .withExif({ IFD0: { ImageDescription: 'javascript:alert(1)' } })
          .jpeg()
          .toBuffer(),
        'image/jpeg',
        'a.jpg',
      ),
  },
  pixelFlood('png', 50_000),
  pixelFlood('jpeg', 50_000),
  pixelFlood('gif', 50_000),
  // WebP's header holds at most 16383.
  pixelFlood('webp', 16_383),
  truncated('png', 'cut inside its image data'),
  truncated('jpeg', 'cut inside its scan'),
  truncated('gif'),
  truncated('webp'),
  {
    name: 'a zero-byte file',
    status: 400,
    body: async () => form(Buffer.alloc(0), 'image/png', 'empty.png'),
  },
  {
    name: 'a form without a file field',
    status: 400,
    body: async () => {
      const body = new FormData();
      body.set('category', 'profile');
      return body;
    },
  },
  {
    name: 'a form whose file field is plain text, not a file',
    status: 400,
    body: async () => {
      const body = new FormData();
      // The image as base64 text, as a careless client (or a probe) would send it.
      body.set('file', (await solid('png')).toString('base64'));
      body.set('category', 'profile');
      return body;
    },
  },
  {
    name: 'a valid image under an unknown category',
    status: 400,
    body: async () => {
      const body = form(await solid('png'), 'image/png', 'a.png');
      body.set('category', '../../etc');
      return body;
    },
  },
];

/** Raw bodies a form encoder would never produce. */
const MALFORMED_REQUESTS: Array<{ name: string; contentType: string; body: string }> = [
  { name: 'a multipart content type without a boundary', contentType: 'multipart/form-data', body: 'file=x' },
  {
    name: 'a multipart body that never matches its declared boundary',
    contentType: 'multipart/form-data; boundary=expected-boundary',
    body: '--other-boundary\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nxx\r\n--other-boundary--\r\n',
  },
  {
    name: 'a multipart body cut off before its closing boundary',
    contentType: 'multipart/form-data; boundary=b',
    body: '--b\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG',
  },
  { name: 'a JSON body instead of multipart', contentType: 'application/json', body: '{"file":"x"}' },
];

describe('ASVS V5 File Handling', () => {
  describe.each(ENGINES)('avatar uploads on %s', (engine) => {
    let context: TestContext;
    let attacker: Person;
    let uploader: Person;

    beforeAll(async () => {
      context = await contexts.get(engine);
      attacker = await plainUser(context, 'Uploader Attacker');
      uploader = await plainUser(context, 'Uploader');
    });

    const upload = (person: Person, body: FormData) => person.client.request('POST', UPLOAD, { body });
    const storedFiles = async (person: Person) =>
      (await context.database.db.selectFrom('file').select('id').where('userId', '=', person.id).execute()).length;

    /** The refusal shape every client can rely on, and nothing kept. */
    async function expectRefused(response: TestResponse, status: number) {
      expect(response.status, response.text).toBe(status);
      expect(response.body).toEqual({
        code: expect.any(String),
        message: expect.any(String),
        requestId: expect.any(String),
      });
      expect(await storedFiles(attacker)).toBe(0);
    }

    /** The file as a browser would fetch it, from the URL the upload returned. */
    async function served(url: string) {
      const response = await context.app.fetch(new Request(url));
      return { response, bytes: Buffer.from(await response.arrayBuffer()) };
    }

    it.each(REFUSED_FILES.map((attack) => [attack.name, attack.status, attack] as const))(
      'refuses %s: %i with {code, message}, nothing stored',
      async (_name, _status, attack) => {
        await expectRefused(await upload(attacker, await attack.body()), attack.status);
      },
    );

    it.each(MALFORMED_REQUESTS.map((attack) => [attack.name, attack] as const))(
      'refuses %s: 4xx with {code, message}, nothing stored',
      async (_name, attack) => {
        const response = await attacker.client.request('POST', UPLOAD, {
          body: attack.body,
          headers: { 'content-type': attack.contentType },
        });
        expect(response.status, response.text).toBeGreaterThanOrEqual(400);
        expect(response.status, response.text).toBeLessThan(500);
        expect(response.body).toEqual({
          code: expect.any(String),
          message: expect.any(String),
          requestId: expect.any(String),
        });
        expect(await storedFiles(attacker)).toBe(0);
      },
    );

    it('refuses an upload without a session (401) and stores nothing', async () => {
      const before = (await context.database.db.selectFrom('file').select('id').execute()).length;
      const response = await new TestClient(context.app).request('POST', UPLOAD, {
        body: form(await solid('png'), 'image/png', 'a.png'),
      });
      expect(response.status).toBe(401);
      expect((await context.database.db.selectFrom('file').select('id').execute()).length).toBe(before);
    });

    it('re-encodes an accepted photo to a bounded WebP without EXIF, XMP, ICC or comments, served with nosniff and a sandbox CSP', async () => {
      const photo = await sharp(withJpegComment(await noisy('jpeg', 1600, 1200), 'secret-comment'))
        .withExif({ IFD0: { Copyright: 'secret-owner', Make: 'PhoneCo', Model: 'secret-model' } })
        .withXmp(
          '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>secret-xmp</dc:creator></rdf:Description></rdf:RDF></x:xmpmeta>',
        )
        .withIccProfile('p3')
        .jpeg()
        .toBuffer();
      const original = await sharp(photo).metadata();
      expect(original.exif).toBeDefined();
      expect(original.xmp).toBeDefined();
      expect(original.icc).toBeDefined();

      const response = await upload(uploader, form(photo, 'image/jpeg', 'photo.jpg'));
      expect(response.status, response.text).toBe(201);
      const { response: file, bytes } = await served(response.body.url);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('image/webp');
      expect(file.headers.get('x-content-type-options')).toBe('nosniff');
      const csp = file.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain('sandbox');

      const metadata = await sharp(bytes).metadata();
      expect(metadata).toMatchObject({ format: 'webp', width: 256, height: 256 });
      expect(metadata.exif).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      expect(metadata.icc).toBeUndefined();
      expect(bytes.length).toBeLessThan(64 * 1024);
      for (const secret of ['secret-comment', 'secret-owner', 'secret-model', 'secret-xmp', 'PhoneCo']) {
        expect(bytes.toString('latin1')).not.toContain(secret);
      }
    });

    it('re-encodes a PNG hiding a script in a compressed zTXt chunk (invisible to a byte scan): the served file carries none of it', async () => {
      const text = deflateSync(Buffer.from(`<html><body>${SCRIPT}</body></html>`));
      const hidden = withPngChunk(
        await solid('png'),
        pngChunk('zTXt', Buffer.concat([Buffer.from('Comment\0\0', 'latin1'), text])),
      );
      expect((await sharp(hidden).metadata()).format).toBe('png');
      const response = await upload(uploader, form(hidden, 'image/png', 'a.png'));
      if (response.status === 201) {
        const { bytes } = await served(response.body.url);
        expect((await sharp(bytes).metadata()).format).toBe('webp');
        expect(bytes.includes(text)).toBe(false);
        expect(bytes.toString('latin1')).not.toMatch(/script|alert/i);
      } else {
        expect(response.status).toBe(415);
      }
    });

    it('never serves a GIF that is also JavaScript (GIF89a/*…*/=alert(1)) as it came: refused, or re-encoded without it', async () => {
      // 10799 pixels wide is 2F 2A little-endian: the header reads `GIF89a/*`, opening a JS comment.
      const gif = await solid('gif', 10_799, 4);
      expect(gif.toString('latin1', 0, 8)).toBe('GIF89a/*');
      const polyglot = withGifComment(gif, '*/=alert(document.cookie);//');
      expect((await sharp(polyglot).metadata()).format).toBe('gif');
      const response = await upload(uploader, form(polyglot, 'image/gif', 'a.gif'));
      if (response.status === 201) {
        const { response: file, bytes } = await served(response.body.url);
        expect(file.headers.get('content-type')).toBe('image/webp');
        expect(bytes.toString('latin1')).not.toContain('alert(');
        expect(bytes.toString('latin1', 0, 6)).not.toBe('GIF89a');
      } else {
        expect(response.status).toBe(415);
      }
    });

    it('never serves a JPEG with bare JavaScript appended as it came: refused, or re-encoded without it', async () => {
      const polyglot = Buffer.concat([await solid('jpeg'), Buffer.from(';alert(document.cookie)//')]);
      const response = await upload(uploader, form(polyglot, 'image/jpeg', 'a.jpg'));
      if (response.status === 201) {
        const { bytes } = await served(response.body.url);
        expect((await sharp(bytes).metadata()).format).toBe('webp');
        expect(bytes.toString('latin1')).not.toContain('alert(');
      } else {
        expect(response.status).toBe(415);
      }
    });
  });
});
