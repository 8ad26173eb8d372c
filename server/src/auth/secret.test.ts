import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../env';
import { resolveAuthSecret } from './secret';

describe('auth secret', () => {
  it('is generated once under DATA_DIR, private to its owner, and reused', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gatehouse-secret-'));
    const config = loadConfig({ DATA_DIR: dataDir });
    const first = resolveAuthSecret(config);
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(fs.statSync(path.join(dataDir, 'auth-secret')).mode & 0o777).toBe(0o600);
    expect(resolveAuthSecret(config)).toBe(first);
    fs.rmSync(dataDir, { recursive: true });
  });

  it('uses the configured secret as it is', () => {
    const secret = '3f9a1c7e5b2d8046a9e1f3c5b7d9e2a4c6f8b0d1';
    expect(resolveAuthSecret(loadConfig({ BETTER_AUTH_SECRET: secret, DATA_DIR: '/nonexistent' }))).toBe(secret);
  });
});
