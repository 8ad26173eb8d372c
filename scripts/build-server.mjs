// Compiles the server to plain JavaScript in server/dist, so production runs it with `node` alone
// (no TypeScript loader at run time: a faster start and less memory).
//
// Our code (server/src and the #common/* imports) is bundled; every npm package stays an import
// resolved from node_modules at run time, as native modules (better-sqlite3, sharp) and data files
// must be. Each entry point is written directly in server/dist, two levels below the repository
// like server/src, so paths computed from import.meta.url (the web console's web/dist, for one)
// resolve the same from the sources and from the build.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const outdir = path.join(root, 'server/dist');

// The server, and each command-line script (server/src/scripts/migrate.ts gives server/dist/migrate.js).
const entryPoints = { index: 'server/src/index.ts' };
for (const file of fs.readdirSync(path.join(root, 'server/src/scripts'))) {
  if (file.endsWith('.ts') && !file.endsWith('.test.ts')) {
    entryPoints[path.basename(file, '.ts')] = `server/src/scripts/${file}`;
  }
}

fs.rmSync(outdir, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints,
  outdir,
  bundle: true,
  packages: 'external',
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  // Class and function names (in logs and error names) stay as written in the sources.
  keepNames: true,
  logLevel: 'warning',
});
