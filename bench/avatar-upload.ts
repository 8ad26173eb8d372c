/**
 * Avatar upload: throughput and peak memory for a 4000×3000 JPEG through the real upload route
 * (multipart parsing, checks, decode, resize, WebP encode, database write), in process.
 *
 * Prints, measured in this one run:
 * - uploads/s at each concurrency, and its ratio to bare sharp doing the same resize (the cost of
 *   everything around the image work);
 * - peak RSS over the idle process (before any image work) at each concurrency, and that growth per
 *   concurrent upload. Bounded memory shows as a peak that stays flat as concurrency rises (at most
 *   two images are decoded at once), so the per-upload growth falls.
 */
import sharp from 'sharp';
import { TestClient } from '#test/http-client';
import { createTestContext } from '#test/test-context';
import { runCounted } from './run-counted';

const WIDTH = 4000;
const HEIGHT = 3000;
const UPLOADS_PER_LEVEL = Number(process.env.BENCH_UPLOADS ?? 24);
const LEVELS = [1, 2, 4, 8];

async function photo(): Promise<Buffer> {
  // Blurred noise compresses like a photo (about 1.5 MB here), unlike flat colour or pure noise.
  const noise = await sharp({
    create: {
      width: WIDTH,
      height: HEIGHT,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 30 },
    },
  })
    .blur(1.2)
    .raw()
    .toBuffer();
  return sharp(noise, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

function sampleRss() {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 5);
  return () => {
    clearInterval(timer);
    return Math.max(peak, process.memoryUsage().rss);
  };
}

/** RSS of the idle process before any image work: every peak is measured against it. */
let idleRss = 0;

async function runLevel(concurrency: number, work: () => Promise<void>) {
  global.gc?.();
  const stop = sampleRss();
  const seconds = await runCounted(UPLOADS_PER_LEVEL, concurrency, work);
  const peak = stop();
  return { perSecond: UPLOADS_PER_LEVEL / seconds, growthMiB: (peak - idleRss) / 1024 / 1024 };
}

const jpeg = await photo();
process.stdout.write(
  `input: ${WIDTH}x${HEIGHT} JPEG, ${(jpeg.byteLength / 1024 / 1024).toFixed(2)} MiB; ${UPLOADS_PER_LEVEL} uploads per level\n`,
);

const context = await createTestContext('sqlite');
const client = new TestClient(context.app);
await client.post('/api/auth/sign-up/email', {
  email: 'bench@example.com',
  password: 'bench-password-1',
  name: 'Bench',
});

const upload = async () => {
  const body = new FormData();
  body.set('file', new File([new Uint8Array(jpeg)], 'photo.jpg', { type: 'image/jpeg' }));
  body.set('category', 'profile');
  const response = await client.request('POST', '/api/v1/files/upload', { body });
  if (response.status !== 201) throw new Error(`upload answered ${response.status}: ${response.text}`);
};
const bare = async () => {
  await sharp(jpeg).rotate().resize(256, 256, { fit: 'cover' }).webp({ quality: 82 }).toBuffer();
};

global.gc?.();
idleRss = process.memoryUsage().rss;
await upload(); // warm up: first decode loads codecs
await bare();
const rows: string[] = [];
for (const level of LEVELS) {
  const route = await runLevel(level, upload);
  const raw = await runLevel(level, bare);
  rows.push(
    [
      String(level).padStart(11),
      route.perSecond.toFixed(2).padStart(9),
      raw.perSecond.toFixed(2).padStart(11),
      (route.perSecond / raw.perSecond).toFixed(2).padStart(6),
      route.growthMiB.toFixed(0).padStart(15),
      (route.growthMiB / level).toFixed(1).padStart(24),
    ].join(' '),
  );
}
process.stdout.write('concurrency uploads/s bare sharp/s  ratio  peak RSS +MiB  peak RSS +MiB per upload\n');
process.stdout.write(`${rows.join('\n')}\n`);
await context.destroy();
