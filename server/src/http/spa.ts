import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Context } from 'hono';

interface StaticFile {
  body: Buffer;
  gzip: Buffer | undefined;
  type: string;
  cacheControl: string;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.json', '.svg', '.txt', '.webmanifest']);

/** Vite names every file under assets/ by its content hash, so those never change. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/**
 * The page's own inline scripts (the theme, set before first paint) are allowed by their hash,
 * computed from the built index.html, so no other inline script can run.
 */
function contentSecurityPolicy(html: string): string {
  const hashes = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, code]) => ` 'sha256-${createHash('sha256').update(code!).digest('base64')}'`,
  );
  return `default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; script-src 'self'${hashes.join('')}; connect-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'`;
}

/**
 * The built SPA, read into memory once at start (it is a few hundred KB), with a gzip copy of
 * each text file: serving is then a map lookup, with no disk access or compression per request.
 */
export function loadSpa(distDir: string) {
  const files = new Map<string, StaticFile>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        walk(full);
        continue;
      }
      const urlPath = `/${path.relative(distDir, full).split(path.sep).join('/')}`;
      const ext = path.extname(entry.name).toLowerCase();
      const body = fs.readFileSync(full);
      files.set(urlPath, {
        body,
        gzip: COMPRESSIBLE.has(ext) && body.length > 1024 ? gzipSync(body, { level: 9 }) : undefined,
        type: TYPES[ext] ?? 'application/octet-stream',
        cacheControl: urlPath.startsWith('/assets/') ? IMMUTABLE : REVALIDATE,
      });
    }
  };
  if (fs.existsSync(path.join(distDir, 'index.html'))) walk(distDir);
  const index = files.get('/index.html');
  const csp = contentSecurityPolicy(index?.body.toString('utf8') ?? '');

  return {
    built: index !== undefined,
    /** A file of the build, else index.html for client-side routes (history fallback). */
    serve(c: Context): Response {
      if (!index) {
        return c.text('The web console is not built. Run `npm run build`, then start the server again.', 503);
      }
      const requested = files.get(c.req.path);
      // A missing hashed asset is a real 404: answering index.html would hand HTML to a <script>.
      if (!requested && c.req.path.startsWith('/assets/')) return c.text('Not found', 404);
      const file = requested ?? index;
      const acceptsGzip = /\bgzip\b/.test(c.req.header('accept-encoding') ?? '');
      const useGzip = file.gzip !== undefined && acceptsGzip;
      const headers: Record<string, string> = {
        'content-type': file.type,
        'cache-control': file === index ? REVALIDATE : file.cacheControl,
        'x-content-type-options': 'nosniff',
        vary: 'accept-encoding',
      };
      if (file.type.startsWith('text/html')) {
        headers['content-security-policy'] = csp;
        headers['referrer-policy'] = 'strict-origin-when-cross-origin';
        headers['x-frame-options'] = 'DENY';
      }
      if (useGzip) headers['content-encoding'] = 'gzip';
      const body = useGzip ? file.gzip! : file.body;
      return new Response(c.req.method === 'HEAD' ? null : new Uint8Array(body), { status: 200, headers });
    },
  };
}
