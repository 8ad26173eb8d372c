import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const pinned = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).dependencies as Record<
  string,
  string
>;

/** Every installed copy of a package, nested ones included (a second copy means a plugin runs on old code). */
function installedCopies(name: string): string[] {
  const versions: string[] = [];
  const visit = (modules: string) => {
    if (!fs.existsSync(modules)) return;
    const manifest = path.join(modules, name, 'package.json');
    if (fs.existsSync(manifest)) versions.push(JSON.parse(fs.readFileSync(manifest, 'utf8')).version);
    for (const entry of fs.readdirSync(modules)) {
      const scoped = entry.startsWith('@')
        ? fs.readdirSync(path.join(modules, entry)).map((sub) => `${entry}/${sub}`)
        : [entry];
      for (const dir of scoped) visit(path.join(modules, dir, 'node_modules'));
    }
  };
  visit(path.join(ROOT, 'node_modules'));
  return versions;
}

describe('ASVS V15 secure coding and architecture: dependencies', () => {
  // The plugin packages pin older exact peers; npm overrides make them share the core's (decision 0011).
  it.each(['better-auth', '@better-auth/core', 'better-call', '@better-auth/utils', '@better-fetch/fetch'])(
    'runs one copy of %s, at the pinned version, for the core and every plugin',
    (name) => {
      expect(installedCopies(name)).toEqual([pinned[name]]);
    },
  );
});
