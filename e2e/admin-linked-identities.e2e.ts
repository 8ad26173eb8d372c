import crypto from 'node:crypto';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { ERROR_CODES } from '#common/error-codes';
import { seriousViolations } from './support/axe';
import { useBrowser } from './support/browser';
import { confirmWith } from './support/confirmation';
import { cellOf } from './support/tables';
import { createUser, newUser } from './support/users';

/** The e2e server's database: identities are linked here, as no provider runs in the browser tests. */
function withDatabase<T>(run: (db: Database.Database) => T): T {
  const db = new Database(path.join(inject('dataDir'), 'gatehouse.db'));
  // So that deleting a user deletes their accounts and sessions with it, as the server's connection does.
  db.pragma('foreign_keys = ON');
  try {
    return run(db);
  } finally {
    db.close();
  }
}

const userIdOf = (email: string) =>
  withDatabase((db) => (db.prepare('select id from user where email = ?').get(email) as { id: string }).id);

/** An identity from a provider linked to the user, as Better Auth writes one; its account row's id. */
function linkIdentity(userId: string, providerId: string, accountId: string): string {
  const id = crypto.randomUUID();
  const now = new Date().toISOString();
  withDatabase((db) =>
    db
      .prepare(
        'insert into account (id, accountId, providerId, userId, createdAt, updatedAt) values (?, ?, ?, ?, ?, ?)',
      )
      .run(id, accountId, providerId, userId, now, now),
  );
  return id;
}

/** A person who signs in only through a provider: no password, no passkey. */
function providerOnlyUser(email: string, providerId: string, accountId: string) {
  const id = crypto.randomUUID();
  const now = new Date().toISOString();
  withDatabase((db) =>
    db
      .prepare(
        `insert into user (id, name, email, emailVerified, createdAt, updatedAt, role, banned, isAnonymous)
         values (?, ?, ?, 1, ?, ?, 'user', 0, 0)`,
      )
      .run(id, email.split('@')[0], email, now, now),
  );
  return { userId: id, identityId: linkIdentity(id, providerId, accountId) };
}

const deleteUser = (userId: string) => withDatabase((db) => db.prepare('delete from user where id = ?').run(userId));

const identityRows = (userId: string) =>
  withDatabase((db) =>
    db.prepare("select id from account where userId = ? and providerId != 'credential'").all(userId),
  );

describe('linked identities in User Details', () => {
  const t = useBrowser();

  /** User Details of the user, opened from the user list found by their address. */
  async function openDetails(page: Page, email: string) {
    await page.goto(`/admin/users?search=${encodeURIComponent(email)}`);
    await expect.poll(() => page.getByTestId('user-row').count()).toBe(1);
    await page.getByRole('button', { name: `View details of ${email}` }).click();
    const details = page.getByRole('dialog', { name: 'User Details' });
    await details.getByRole('heading', { name: 'Linked identities' }).waitFor();
    return details;
  }

  it('shows a linked identity, removes it after the confirmation, and it is gone', async () => {
    const user = await createUser(t.baseURL, newUser('linked'));
    const userId = userIdOf(user.email);
    const subject = `gh-${crypto.randomBytes(3).toString('hex')}`;
    linkIdentity(userId, 'github', subject);
    try {
      const { page } = t;
      await t.signInAsAdmin();
      const details = await openDetails(page, user.email);
      const table = details.getByRole('table', { name: 'Linked identities' });
      const rows = table.getByTestId('linked-identity-row');
      await expect.poll(() => rows.count()).toBe(1);
      // No provider named github is configured on this server: its id stands for its name.
      expect(await (await cellOf(rows, 'Provider')).textContent()).toBe('github');
      expect(await (await cellOf(rows, 'Email at provider')).textContent()).toBe('—');
      expect(await (await cellOf(rows, 'Subject')).textContent()).toBe(subject);
      expect(await (await cellOf(rows, 'Linked')).textContent()).not.toBe('');
      expect(await seriousViolations(page, 'dialog')).toEqual([]);
      // The session signing up left: it ends with the identity.
      const sessions = details.getByRole('table', { name: 'Active sessions' });
      await sessions.getByTestId('session-row').first().waitFor();

      await details.getByRole('button', { name: `Remove github identity ${subject}` }).click();
      await confirmWith(
        page,
        'Remove linked identity',
        `Remove the github identity ${subject} from ${user.email}? It will no longer sign them in, and they will be signed out everywhere.`,
        'Remove',
      );
      await details.getByText('Linked identity removed. The user was signed out everywhere.').waitFor();
      await table.getByText('No linked identities.').waitFor();
      expect(identityRows(userId)).toEqual([]);
      await sessions.getByText('No active sessions.').waitFor();
      // Gone for good: opened again, the list is still empty.
      await details.getByRole('button', { name: 'Close' }).click();
      await (await openDetails(page, user.email)).getByText('No linked identities.').waitFor();
    } finally {
      deleteUser(userId);
    }
  });

  it("keeps a person's last way to sign in, and says why", async () => {
    const email = `only-provider-${crypto.randomBytes(3).toString('hex')}@gatehouse.test`;
    const subject = `oidc-${crypto.randomBytes(3).toString('hex')}`;
    const { userId, identityId } = providerOnlyUser(email, 'acme', subject);
    try {
      const { page } = t;
      await t.signInAsAdmin();
      const details = await openDetails(page, email);
      const rows = details.getByRole('table', { name: 'Linked identities' }).getByTestId('linked-identity-row');
      await expect.poll(() => rows.count()).toBe(1);
      t.expectRefusal(409, `/api/v1/admin/users/${userId}/linked-accounts/${identityId}`);
      await details.getByRole('button', { name: `Remove acme identity ${subject}` }).click();
      await confirmWith(
        page,
        'Remove linked identity',
        `Remove the acme identity ${subject} from ${email}? It will no longer sign them in, and they will be signed out everywhere.`,
        'Remove',
      );
      await details.getByText(ERROR_CODES.USER_LAST_WAY_TO_SIGN_IN).waitFor();
      expect(await rows.count()).toBe(1);
      expect(identityRows(userId)).toHaveLength(1);
    } finally {
      deleteUser(userId);
    }
  });
});
