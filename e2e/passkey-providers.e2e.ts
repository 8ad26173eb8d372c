import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, inject, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { useBrowser } from './support/browser';
import { confirmation } from './support/confirmation';
import { addVirtualAuthenticator } from './support/webauthn';

const ONE_PASSWORD = 'bada5566-a7aa-401f-bd96-45619a55120d';

/** Runs one statement on the server's database (the e2e server uses SQLite). */
function sql(statement: string, ...values: unknown[]) {
  const db = new Database(path.join(inject('dataDir'), 'gatehouse.db'));
  try {
    db.prepare(statement).run(...values);
  } finally {
    db.close();
  }
}

describe('passkey providers and the last way to sign in', () => {
  const t = useBrowser();

  /** A new user on the profile with one passkey of the virtual authenticator. */
  async function withPasskey(prefix: string) {
    await addVirtualAuthenticator(t.context, t.page);
    const user = await t.openAsNewUser(prefix, '/profile', 'Passkeys');
    await t.page.getByRole('button', { name: 'Add Passkey' }).click();
    const list = t.page.getByRole('table', { name: 'Passkeys' });
    await list.getByText(`${user.name}'s Passkey`).waitFor();
    return { user, list };
  }

  it("shows each passkey's provider, or that it is unknown, and stays accessible", async () => {
    const { user, list } = await withPasskey('provider');
    // The virtual authenticator, like most platforms without attestation, hides its model.
    await list.getByRole('cell', { name: 'Unknown provider' }).waitFor();

    sql('update passkey set aaguid = ? where userId = (select id from user where email = ?)', ONE_PASSWORD, user.email);
    await t.page.reload();
    await list.getByRole('cell', { name: '1Password' }).waitFor();
    expect(await list.getByText('Unknown provider').count()).toBe(0);

    expect(await seriousViolations(t.page)).toEqual([]);
  });

  it('refuses deleting the last passkey of an account without a password, and says why', async () => {
    const { user, list } = await withPasskey('lastkey');
    sql(
      "delete from account where providerId = 'credential' and userId = (select id from user where email = ?)",
      user.email,
    );
    t.expectRefusal(400, '/api/auth/passkey/delete-passkey'); // the last way to sign in

    await t.page.getByRole('button', { name: `Delete passkey ${user.name}'s Passkey` }).click();
    await (await confirmation(t.page, 'Delete passkey')).confirm();
    await t.page
      .getByText(
        'This passkey is the only way to sign in to your account. Add another passkey or set a password before deleting it.',
      )
      .waitFor();
    expect(await list.getByTestId('passkey-row').count()).toBe(1);
  });
});
