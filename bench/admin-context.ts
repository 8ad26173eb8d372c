import { TestClient } from '#test/http-client';
import { createTestContext, type Engine } from '#test/test-context';

const ADMIN = { email: 'bench-admin@example.com', password: 'bench-admin-password' };

/** A throwaway app on `engine` (its own SQLite file or PostgreSQL schema) and an admin signed in to it. */
export async function adminContext(engine: Engine) {
  const context = await createTestContext(engine, {
    env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
  });
  const admin = new TestClient(context.app);
  await admin.post('/api/auth/sign-in/email', ADMIN);
  return { context, admin };
}

/** The `p`th percentile of `values`, by nearest rank (the p95 of 20 values is the 19th, not the slowest). */
export function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
