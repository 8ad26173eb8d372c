import sharp from 'sharp';
import {
  cut,
  form,
  gifDeclaring,
  jpegDeclaring,
  noisy,
  pngChunk,
  pngDeclaring,
  SCRIPT,
  solid,
  webpDeclaring,
  withGifComment,
  withJpegComment,
  withPngChunk,
  type Format,
} from './images';

/** An upload that must be refused, with the status it must get. */
export interface Refusal {
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

export const REFUSED_FILES: Refusal[] = [
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
export const MALFORMED_REQUESTS: Array<{ name: string; contentType: string; body: string }> = [
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
