import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { TestClient, type TestResponse } from '#test/http-client';
import { ENGINES, type TestContext } from '#test/test-context';
import { sharedContexts } from './support/contexts';
import type { Person } from './support/principals';
import { MALFORMED_REQUESTS, REFUSED_FILES } from './uploads/attacks';
import {
  form,
  noisy,
  pngChunk,
  SCRIPT,
  solid,
  UPLOAD,
  withGifComment,
  withJpegComment,
  withPngChunk,
} from './uploads/images';

const contexts = sharedContexts();

describe('ASVS V5 File Handling', () => {
  describe.each(ENGINES)('avatar uploads on %s', (engine) => {
    let context: TestContext, attacker: Person, uploader: Person;
    beforeAll(async () => {
      [context, attacker, uploader] = await contexts.withUsers(engine, 'Uploader Attacker', 'Uploader');
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
