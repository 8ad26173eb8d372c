import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

// One Node for the project (decision 0075): the `node` devDependency runs every npm script.
const root = path.join(import.meta.dirname, '../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
const manifest = JSON.parse(read('package.json')) as {
  engines: { node: string };
  devDependencies: Record<string, string>;
};
const pinned = manifest.devDependencies.node!;

/** Every installed package's own `engines.node`, nested copies included. */
function installedEngines(folder: string, found: { name: string; range: string }[] = []) {
  for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
    const at = path.join(folder, entry.name);
    if (entry.name.startsWith('@')) {
      installedEngines(at, found);
      continue;
    }
    const file = path.join(at, 'package.json');
    if (fs.existsSync(file)) {
      const { name, engines } = JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: string; engines?: unknown };
      const range = (engines as { node?: unknown } | undefined)?.node;
      if (typeof range === 'string') found.push({ name: name ?? at, range });
    }
    if (fs.existsSync(path.join(at, 'node_modules'))) installedEngines(path.join(at, 'node_modules'), found);
  }
  return found;
}

describe('the Node the project runs on', () => {
  it('is the pinned one, and satisfies engines', () => {
    expect(process.versions.node).toBe(pinned);
    expect(semver.satisfies(pinned, manifest.engines.node)).toBe(true);
  });

  it("satisfies every installed package's own engines", () => {
    const packages = installedEngines(path.join(root, 'node_modules'));
    expect(packages.length).toBeGreaterThan(100);
    const refused = packages.filter(({ range }) => !semver.satisfies(pinned, range, { includePrerelease: true }));
    expect(refused).toEqual([]);
  });

  it('is the one the container image and the README name', () => {
    const images = [...read('Dockerfile').matchAll(/^FROM node:(\S+)/gm)].map((match) => match[1]);
    expect(images.length).toBeGreaterThan(0);
    for (const image of images) expect(image).toBe(`${pinned}-bookworm-slim`);
    expect(read('README.md')).toContain(`Node.js ${pinned} (\`engines\`: \`${manifest.engines.node}\`)`);
  });
});
