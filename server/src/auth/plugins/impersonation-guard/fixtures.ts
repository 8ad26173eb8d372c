import crypto from 'node:crypto';
import { beforeAll, expect } from 'vitest';
import { ADMIN_ENV, signInAdmin, signUp } from '../../../testing/accounts';
import type { TestClient } from '../../../testing/http-client';
import { selectRows } from '../../../testing/rows';
import { contextPerSuite } from '../../../testing/suite';
import type { Engine, TestContext } from '../../../testing/test-context';

export const REASON = 'Support ticket 4711: cannot find their invoices';

/**
 * A context of its own for the suite, with the admin of `ADMIN_ENV` (and `env`), and a user to
 * impersonate, `<label>-target@example.com`, signed up once before the first test.
 */
export function impersonationSuite(engine: Engine, label: string, env: Record<string, string> = {}) {
  const suite = contextPerSuite(engine, { env: { ...ADMIN_ENV, ...env } });
  const target = {} as { client: TestClient; id: string };
  beforeAll(async () => {
    Object.assign(target, await signUp(suite.context.app, { email: `${label}-target@example.com` }));
  });
  return { suite, target };
}

/** The context's admin, signed in afresh, now impersonating the user: the client holds the impersonation. */
export async function impersonate(context: TestContext, userId: string): Promise<TestClient> {
  const admin = await signInAdmin(context.app);
  const response = await admin.post('/api/auth/admin/impersonate-user', { userId, reason: REASON });
  expect(response.status, response.text).toBe(200);
  expect((await admin.get('/api/auth/get-session')).body?.session.impersonatedBy).toBeTruthy();
  return admin;
}

/** A passkey of the user, written directly (registering one needs a browser's authenticator); its id. */
export async function addPasskey(context: TestContext, userId: string): Promise<string> {
  const id = crypto.randomUUID();
  await context.database.db
    .insertInto('passkey')
    .values({
      id,
      name: 'Laptop',
      publicKey: 'pk',
      userId,
      credentialID: crypto.randomUUID(),
      counter: 0,
      deviceType: 'singleDevice',
      backedUp: context.database.engine === 'sqlite' ? 0 : false,
      transports: null,
      createdAt: new Date().toISOString(),
      aaguid: null,
    })
    .execute();
  return id;
}

/** Everything of an account that a sensitive action would change: sign-in, keys, sessions, settings. */
export async function accountState(context: TestContext, userId: string) {
  const ofUser = { userId };
  return {
    user: await selectRows(context, 'user', ['email', 'name', 'emailVerified', 'twoFactorEnabled'], { id: userId }),
    passwords: await selectRows(context, 'account', ['password'], ofUser),
    twoFactor: await selectRows(context, 'twoFactor', ['secret', 'backupCodes'], ofUser),
    passkeys: await selectRows(context, 'passkey', ['id', 'name'], ofUser),
    apiKeys: await selectRows(context, 'apikey', ['id', 'name', 'enabled', 'expiresAt'], { referenceId: userId }),
    sessions: await selectRows(context, 'session', ['id', 'impersonatedBy', 'expiresAt'], ofUser),
    alerts: await selectRows(context, 'signInAlertSetting', ['enabled'], ofUser),
  };
}

/**
 * Moves an impersonation of the user back in time by `seconds`, where it is stored (SQLite keeps
 * dates as text): as if that long had passed since it started.
 */
export async function ageImpersonation(context: TestContext, userId: string, seconds: number): Promise<void> {
  const { db, engine } = context.database;
  const sessions = await db
    .selectFrom('session')
    .select(['id', 'createdAt', 'updatedAt', 'expiresAt'])
    .where('userId', '=', userId)
    .where('impersonatedBy', 'is not', null)
    .execute();
  expect(sessions.length).toBeGreaterThan(0);
  const back = (value: unknown) => {
    const moved = new Date(new Date(value as string | Date).getTime() - seconds * 1000);
    return engine === 'sqlite' ? moved.toISOString() : moved;
  };
  for (const session of sessions) {
    await db
      .updateTable('session')
      .set({
        createdAt: back(session.createdAt),
        updatedAt: back(session.updatedAt),
        expiresAt: back(session.expiresAt),
      })
      .where('id', '=', session.id)
      .execute();
  }
}
