import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { USER_COUNT_CAP } from './admin';
import { DETAILED_CODES, ERROR_CODES } from './error-codes';
import { codeOfStatus } from './error-status';
import { ERROR_MESSAGES } from './error-messages';
import { ORGANIZATION_LIMIT } from './organizations';

const root = path.resolve(import.meta.dirname, '../..');
/** Every product source file of the server and of the shared rules (tests aside). */
function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('the error catalogue', () => {
  it('gives each code one message, and each message one code', () => {
    const messages = Object.values(ERROR_CODES);
    expect(new Set(messages).size).toBe(messages.length);
    for (const [code, message] of Object.entries(ERROR_CODES)) {
      expect(code).toMatch(/^[A-Z][A-Z0-9_]*$/);
      expect(message.trim(), code).not.toBe('');
    }
    for (const code of DETAILED_CODES) expect(ERROR_CODES).toHaveProperty(code);
  });

  it('states the limits the rules hold', () => {
    expect(ERROR_CODES.OFFSET_NEEDS_CURSOR).toContain(`More than ${USER_COUNT_CAP} users`);
    expect(ERROR_CODES.YOU_HAVE_REACHED_THE_MAXIMUM_NUMBER_OF_ORGANIZATIONS).toContain(
      `${ORGANIZATION_LIMIT} organizations`,
    );
  });

  it('is where every message of the server is written: no throw or answer brings its own words', () => {
    // Only a code of DETAILED_CODES may answer with words of its own, computed (a template) from
    // its case: a wait, a size, a route.
    const offenders: string[] = [];
    const patterns = [
      // apiError(c, status, code, 'literal')
      /apiError\(\s*c,[^,;]+,[^,;]+,\s*['"]/,
      // new APIError(status, { message: 'literal' }) and the like
      /new APIError\([^)]*message:\s*['"]/s,
      // a plugin's own table of messages
      /defineErrorCodes\(\{/,
      // a code passed as a literal with its own message
      /code:\s*'[A-Z_]+',\s*message:\s*['"]/,
    ];
    for (const file of [...sources(path.join(root, 'server/src')), ...sources(path.join(root, 'common/src'))]) {
      const text = fs.readFileSync(file, 'utf8');
      for (const pattern of patterns) if (pattern.test(text)) offenders.push(`${path.relative(root, file)} ${pattern}`);
    }
    expect(offenders).toEqual([]);
  });

  it("leaves the console's own words to codes the server does not word for people", () => {
    // The console rewords a code only where the server's message is not written for people (Better
    // Auth's, the browser's): a code of ours is shown with the catalogue's words.
    for (const code of Object.keys(ERROR_MESSAGES)) expect(ERROR_CODES, code).not.toHaveProperty(code);
  });
});

describe('codeOfStatus', () => {
  it('names a client error by its status, and any other as a bad request', () => {
    expect(codeOfStatus(401)).toBe('UNAUTHORIZED');
    expect(codeOfStatus(403)).toBe('FORBIDDEN');
    expect(codeOfStatus(404)).toBe('NOT_FOUND');
    expect(codeOfStatus(409)).toBe('CONFLICT');
    expect(codeOfStatus(429)).toBe('RATE_LIMITED');
    expect(codeOfStatus(400)).toBe('BAD_REQUEST');
    expect(codeOfStatus(422)).toBe('BAD_REQUEST');
  });
});
