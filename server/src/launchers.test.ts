import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMPILED_ENTRY, COMPILED_ENV, COMPILED_FLAGS, ROOT } from '#test/server-process';

const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');
const assignments = Object.entries(COMPILED_ENV).map(([name, value]) => `${name}=${value}`);

/** Every way of running the compiled server runs it as the tests and benchmarks do. */
describe('the compiled server’s launchers', () => {
  const scripts = JSON.parse(read('package.json')).scripts as Record<string, string>;

  it.each(['start', 'serve'])('npm run %s sets the same environment and flags', (name) => {
    const command = scripts[name]!.split('&&').at(-1)!.trim();
    expect(command).toBe([...assignments, 'node', ...COMPILED_FLAGS, COMPILED_ENTRY].join(' '));
  });

  it('the Docker image sets the same environment and flags', () => {
    const dockerfile = read('Dockerfile');
    for (const assignment of assignments) expect(dockerfile).toMatch(new RegExp(`^\\s+${assignment}\\b`, 'm'));
    expect(dockerfile).toContain(
      `CMD ${JSON.stringify(['node', ...COMPILED_FLAGS, COMPILED_ENTRY]).replaceAll(',', ', ')}`,
    );
  });

  it('the server benchmark measures its baseline in the same environment', () => {
    expect(scripts['bench:server']!.startsWith(`${assignments.join(' ')} node `)).toBe(true);
  });
});
