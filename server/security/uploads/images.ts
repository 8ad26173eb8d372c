import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { expect } from 'vitest';

// Test images made in code, the hostile bytes hidden in them, and the form that uploads them.

export const UPLOAD = '/api/v1/files/upload';
export const SCRIPT = '<script>alert(document.cookie)</script>';

export type Format = 'png' | 'jpeg' | 'gif' | 'webp';

/** A plain image of one color. */
export function solid(format: Format, width = 64, height = 48) {
  return sharp({ create: { width, height, channels: 3, background: { r: 30, g: 140, b: 90 } } })
    .toFormat(format)
    .toBuffer();
}

/** Pixels that do not compress away, so a cut through the file lands inside the image data. */
export function noisy(format: Format, width = 300, height = 300) {
  const pixels = Buffer.alloc(width * height * 3);
  for (let index = 0; index < pixels.length; index += 1) pixels[index] = (index * 7919) % 251;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .toFormat(format)
    .toBuffer();
}

/** A PNG chunk with its length and CRC. */
export function pngChunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** The PNG with a chunk added just before IEND (the last 12 bytes). */
export function withPngChunk(png: Buffer, chunk: Buffer) {
  return Buffer.concat([png.subarray(0, png.length - 12), chunk, png.subarray(png.length - 12)]);
}

/** Rewrites the size a PNG declares in its IHDR, with a valid CRC: the pixel data stays tiny. */
export function pngDeclaring(png: Buffer, width: number, height: number) {
  const patched = Buffer.from(png);
  patched.writeUInt32BE(width, 16);
  patched.writeUInt32BE(height, 20);
  patched.writeUInt32BE(crc32(patched.subarray(12, 29)), 29);
  return patched;
}

/** Rewrites the size in a JPEG's start-of-frame segment. */
export function jpegDeclaring(jpeg: Buffer, width: number, height: number) {
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
export function gifDeclaring(gif: Buffer, width: number, height: number) {
  const patched = Buffer.from(gif);
  patched.writeUInt16LE(width, 6);
  patched.writeUInt16LE(height, 8);
  const descriptor = patched.indexOf(0x2c, gifBlocksStart(patched));
  patched.writeUInt16LE(width, descriptor + 5);
  patched.writeUInt16LE(height, descriptor + 7);
  return patched;
}

/** The GIF with a comment extension holding the text, right after the global color table. */
export function withGifComment(gif: Buffer, text: string) {
  const start = gifBlocksStart(gif);
  const data = Buffer.from(text, 'latin1');
  const comment = Buffer.concat([Buffer.from([0x21, 0xfe, data.length]), data, Buffer.from([0x00])]);
  return Buffer.concat([gif.subarray(0, start), comment, gif.subarray(start)]);
}

/** The JPEG with a comment (COM) segment holding the text, right after the start-of-image marker. */
export function withJpegComment(jpeg: Buffer, text: string) {
  const data = Buffer.from(text, 'latin1');
  const header = Buffer.from([0xff, 0xfe, 0, 0]);
  header.writeUInt16BE(data.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), header, data, jpeg.subarray(2)]);
}

/** Rewrites the size in a lossy WebP's VP8 frame header (14 bits each, so at most 16383). */
export function webpDeclaring(webp: Buffer, width: number, height: number) {
  const patched = Buffer.from(webp);
  expect(patched.toString('latin1', 12, 16)).toBe('VP8 ');
  patched.writeUInt16LE(width & 0x3fff, 26);
  patched.writeUInt16LE(height & 0x3fff, 28);
  return patched;
}

export const cut = (bytes: Buffer) => bytes.subarray(0, Math.floor(bytes.length / 2));

export function form(bytes: Uint8Array, type: string, name: string) {
  const body = new FormData();
  body.set('file', new File([new Uint8Array(bytes)], name, { type }));
  body.set('category', 'profile');
  return body;
}
