import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import SqliteDatabase from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '#test/http-client';
import { ROOT } from '#test/server-process';
import { createTestContext, type TestContext } from '#test/test-context';
import { sqliteFileIn } from './database';

const run = promisify(execFile);

describe('backing up a running SQLite database', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestContext('sqlite');
  });
  afterAll(async () => context?.destroy());

  const signUp = (email: string) =>
    new TestClient(context.app).post('/api/auth/sign-up/email', { email, password: 'backup-password-1', name: 'B' });

  it('writes a consistent copy while sign-ups keep writing, with every user made before it began', async () => {
    for (let index = 0; index < 5; index += 1) expect((await signUp(`before-${index}@example.com`)).status).toBe(200);
    const target = path.join(context.dataDir, 'backups', 'copy.db');
    // The server keeps writing during the backup, as it would in production.
    const during = Promise.all(Array.from({ length: 5 }, (_, index) => signUp(`during-${index}@example.com`)));
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'server/src/scripts/backup.ts', target], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, DATA_DIR: context.dataDir, LOG_LEVEL: 'silent' },
    });
    await during;
    expect(stdout).toMatch(/integrity check: ok/);

    const copy = new SqliteDatabase(target, { readonly: true });
    try {
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      const emails = (copy.prepare('select email from user').all() as Array<{ email: string }>).map((row) => row.email);
      for (let index = 0; index < 5; index += 1) expect(emails).toContain(`before-${index}@example.com`);
    } finally {
      copy.close();
    }
  });

  it('refuses to overwrite a file, and says how to back up PostgreSQL instead', async () => {
    const existing = path.join(context.dataDir, 'taken.db');
    fs.writeFileSync(existing, 'not a backup');
    const backup = (target: string, env: Record<string, string> = {}) =>
      run(process.execPath, ['--import', 'tsx', 'server/src/scripts/backup.ts', target], {
        cwd: ROOT,
        env: { PATH: process.env.PATH, DATA_DIR: context.dataDir, ...env },
      });
    await expect(backup(existing)).rejects.toMatchObject({ stderr: expect.stringMatching(/exists already/) });
    expect(fs.readFileSync(existing, 'utf8')).toBe('not a backup');
    await expect(
      backup(path.join(context.dataDir, 'pg.db'), {
        DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
        BETTER_AUTH_SECRET: 'backup-secret-0123456789abcdefghijklmnop',
      }),
    ).rejects.toMatchObject({ stderr: expect.stringMatching(/pg_dump/) });
    expect(fs.existsSync(sqliteFileIn(context.dataDir))).toBe(true);
  });
});
