import type { Metadata, Sharp, SharpOptions } from 'sharp';
import { ACCEPTED_IMAGE_TYPES } from '#common/images';

export const AVATAR_SIZE = 256;
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/** Far above any camera photo, far below a decompression bomb's claimed size. */
export const MAX_INPUT_PIXELS = 50_000_000;
/** Images decoded at once; others wait. Bounds peak memory whatever the number of uploads. */
const MAX_CONCURRENT_DECODES = 2;

type SharpFactory = (input: Uint8Array, options: SharpOptions) => Sharp;
let loading: Promise<SharpFactory> | undefined;
/**
 * libvips weighs about 28 MiB once loaded: a server that never receives an upload never loads it.
 * Its operation cache trades memory for speed on repeated work, which uploads never are.
 */
function loadSharp(): Promise<SharpFactory> {
  loading ??= import('sharp').then(
    ({ default: sharp }) => {
      sharp.cache(false);
      return sharp;
    },
    (error: unknown) => {
      // Tried again with the next upload rather than failing every one until a restart.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

type AcceptedType = (typeof ACCEPTED_IMAGE_TYPES)[number];

export class ImageRejected extends Error {
  constructor(
    readonly status: 413 | 415,
    message: string,
  ) {
    super(message);
  }
}

/** The type the bytes say they are, from their signature, whatever the upload claims. */
export function sniffImageType(bytes: Uint8Array): AcceptedType | undefined {
  const ascii = (start: number, end: number) => Buffer.from(bytes.subarray(start, end)).toString('latin1');
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (ascii(0, 8) === '\x89PNG\r\n\x1a\n') return 'image/png';
  if (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a') return 'image/gif';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  if (ascii(4, 8) === 'ftyp' && ['avif', 'avis'].includes(ascii(8, 12))) return 'image/avif';
  return undefined;
}

/**
 * Markup or script anywhere in the bytes: the mark of a polyglot (an image that is also HTML, SVG or
 * a script). Re-encoding would drop it, but such a file is refused outright, as no camera makes one.
 */
const POLYGLOT_MARKERS = /<(?:script|html|!doctype|svg|\?php|iframe|body)|javascript:/i;
export function looksLikePolyglot(bytes: Uint8Array): boolean {
  return POLYGLOT_MARKERS.test(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1'));
}

const SHARP_FORMAT: Record<AcceptedType, string> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/avif': 'heif',
};

let active = 0;
const waiting: Array<() => void> = [];
async function withDecodeSlot<T>(work: () => Promise<T>): Promise<T> {
  if (active >= MAX_CONCURRENT_DECODES) await new Promise<void>((resolve) => waiting.push(resolve));
  active += 1;
  try {
    return await work();
  } finally {
    active -= 1;
    waiting.shift()?.();
  }
}

export interface Avatar {
  data: Buffer;
  contentType: 'image/webp';
  width: number;
  height: number;
}

/**
 * Checks an uploaded image and turns it into a square WebP avatar: decoded for real, oriented,
 * cropped to the centre, re-encoded without any metadata (no EXIF location leaves the server).
 */
export async function toAvatar(bytes: Uint8Array, claimedType: string): Promise<Avatar> {
  if (bytes.byteLength > MAX_UPLOAD_BYTES) {
    throw new ImageRejected(413, `The image is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MiB`);
  }
  const sniffed = sniffImageType(bytes);
  if (!sniffed) throw new ImageRejected(415, 'Only JPEG, PNG, WebP, GIF or AVIF images are accepted');
  const claimed = claimedType.toLowerCase() === 'image/jpg' ? 'image/jpeg' : claimedType.toLowerCase();
  if (claimed !== sniffed) {
    throw new ImageRejected(
      415,
      `The file's content (${sniffed}) does not match its declared type (${claimedType || 'none'})`,
    );
  }
  if (looksLikePolyglot(bytes)) throw new ImageRejected(415, 'The file contains markup or script and is refused');

  const sharp = await loadSharp();
  return withDecodeSlot(async () => {
    const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', sequentialRead: true } as const;
    let metadata: Metadata;
    try {
      // Only the header is read here, so the pixel limit is ours to apply, with our message.
      metadata = await sharp(bytes, { ...options, limitInputPixels: false }).metadata();
    } catch {
      throw new ImageRejected(415, 'The image could not be read');
    }
    if (metadata.format !== SHARP_FORMAT[sniffed]) throw new ImageRejected(415, 'The image could not be read');
    if ((metadata.width ?? 0) * (metadata.height ?? 0) > MAX_INPUT_PIXELS) {
      throw new ImageRejected(413, `The image has more than ${MAX_INPUT_PIXELS / 1_000_000} megapixels`);
    }
    try {
      const { data, info } = await sharp(bytes, options)
        .rotate()
        .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' })
        .webp({ quality: 82 })
        .toBuffer({ resolveWithObject: true });
      return { data, contentType: 'image/webp', width: info.width, height: info.height };
    } catch {
      throw new ImageRejected(415, 'The image could not be read');
    }
  });
}
