import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const folder = path.join(import.meta.dirname, '../../docs/decisions');
const records = fs.readdirSync(folder).filter((name) => /^\d{4}-[a-z0-9-]+\.md$/.test(name));
const index = fs.readFileSync(path.join(folder, 'README.md'), 'utf8');

describe('decision records', () => {
  it('are numbered one after another, from 0001', () => {
    expect(records.map((name) => Number(name.slice(0, 4)))).toEqual(records.map((_, at) => at + 1));
  });

  it('each open with a title, then its date and status', () => {
    for (const name of records) {
      const [title, blank, header] = fs.readFileSync(path.join(folder, name), 'utf8').split('\n');
      expect(title, name).toMatch(/^# \S/);
      expect(blank, name).toBe('');
      expect(header, name).toMatch(/^Date: \d{4}-\d{2}-\d{2}\. Status: \S/);
    }
  });

  it('are each listed in the index, with the date and status they state', () => {
    const listed = [...index.matchAll(/^\| (\d{4}) \| \[(.+?)\]\((.+?)\) +\| (\S+) +\| (.+?) +\|$/gm)];
    expect(listed.map((row) => row[3])).toEqual(records);
    for (const [, , title, file, date, status] of listed) {
      const [heading, , header] = fs.readFileSync(path.join(folder, file!), 'utf8').split('\n');
      expect(heading, file).toBe(`# ${title}`);
      expect(header, file).toBe(`Date: ${date}. Status: ${status}.`);
    }
  });
});
