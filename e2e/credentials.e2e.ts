import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, inject, it } from 'vitest';
import { expectPath, useBrowser, toasts } from './support/browser';
import { confirmation, confirmWith } from './support/confirmation';
import { expectStyledAs } from './support/styles';
import { addVirtualAuthenticator } from './support/webauthn';

describe('API keys and passkeys', () => {
  const t = useBrowser();
  const openProfile = (prefix: string) => t.openAsNewUser(prefix, '/profile', 'API Keys');

  it('creates an API key shown once, uses it against the API, and deletes it after confirmation', async () => {
    const user = await openProfile('apikey');
    const { page } = t;
    expect(await page.getByLabel('Key name').inputValue()).toBe(`${user.name}'s API Key`);
    await page.getByRole('button', { name: 'Create API Key' }).click();
    await page.getByText("Save this key now - you won't be able to see it again!").waitFor();
    const key = (await page.getByTestId('new-api-key').textContent())!;

    const list = page.getByRole('table', { name: 'API keys' });
    await list.getByText(`${user.name}'s API Key`).waitFor();
    await list.getByText('Active').waitFor();
    expect(await list.textContent()).toContain(key.slice(0, 6));
    expect(await list.textContent()).not.toContain(key);

    const whoami = await fetch(`${t.baseURL}/api/v1/me`, { headers: { 'x-api-key': key } });
    expect(whoami.status).toBe(200);
    expect(((await whoami.json()) as { data: { email: string } }).data.email).toBe(user.email);

    await page.getByRole('button', { name: 'Dismiss' }).click();
    await expect.poll(() => page.getByTestId('new-api-key').count()).toBe(0);

    // A compact red button: its own classes win over the ghost button's.
    const remove = page.getByRole('button', { name: `Delete API key ${user.name}'s API Key` });
    await expectStyledAs(remove, 'px-3 py-1 text-danger', ['color', 'padding-left', 'padding-top']);

    await remove.click();
    const asked = await confirmation(page, 'Delete API key');
    expect(asked.question).toBe('Are you sure you want to delete this API key? This action cannot be undone.');
    // Enter or Escape at once changes nothing.
    expect(asked.focused).toBe('Cancel');
    await asked.cancel();
    expect(await list.getByTestId('api-key-row').count()).toBe(1);

    await remove.click();
    await (await confirmation(page, 'Delete API key')).confirm();
    await page.getByText('No API keys yet.').waitFor();
    await toasts(t.page).getByText('API key deleted').waitFor();
    expect((await fetch(`${t.baseURL}/api/v1/me`, { headers: { 'x-api-key': key } })).status).toBe(401);
  });

  it('adds a passkey, signs in with it, renames and deletes it', async () => {
    // The button, not autofill: the virtual authenticator would answer autofill's quiet request itself.
    await t.page.addInitScript(() => {
      PublicKeyCredential.isConditionalMediationAvailable = async () => false;
    });
    const authenticator = await addVirtualAuthenticator(t.context, t.page);
    const user = await openProfile('passkey');
    const { page } = t;
    await page.getByRole('button', { name: 'Add Passkey' }).click();
    const list = page.getByRole('table', { name: 'Passkeys' });
    await list.getByText(`${user.name}'s Passkey`).waitFor();
    await list.getByText('Local Only').waitFor();
    const [credential] = await authenticator.credentials();
    const credentialId = Buffer.from(credential!.credentialId, 'base64').toString('base64url');
    expect(await list.getByTestId('passkey-credential').textContent()).toBe(credentialId.slice(0, 16));

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expectPath(page, '/auth');
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expectPath(page, '/profile');
    await expect.poll(() => page.getByTestId('shell-user').textContent()).toBe(user.name);

    await page.getByRole('button', { name: `Rename passkey ${user.name}'s Passkey` }).click();
    await page.getByLabel('Passkey name').fill('Work laptop');
    await page.getByRole('button', { name: 'Save' }).click();
    await list.getByText('Work laptop').waitFor();
    await toasts(t.page).getByText('Passkey renamed').waitFor();

    await page.getByRole('button', { name: 'Delete passkey Work laptop' }).click();
    await confirmWith(
      page,
      'Delete passkey',
      'Are you sure you want to delete this passkey? This action cannot be undone.',
    );
    await page.getByText('No passkeys yet.').waitFor();
    await toasts(t.page).getByText('Passkey deleted').waitFor();

    // The deleted passkey no longer signs anyone in.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expectPath(page, '/auth');
    t.expectRefusal(401, '/api/auth/passkey/verify-authentication'); // the deleted passkey
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('alert').textContent()).toBe('auth cancelled');
  });

  it('offers the passkey through autofill on the sign-in screen', async () => {
    await addVirtualAuthenticator(t.context, t.page);
    const user = await openProfile('autofill');
    const { page } = t;
    await page.getByRole('button', { name: 'Add Passkey' }).click();
    await page.getByRole('table', { name: 'Passkeys' }).getByTestId('passkey-row').first().waitFor();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expectPath(page, '/auth');
    // Autofill's request is pending on the sign-in screen; the virtual authenticator stands in for
    // the person picking the passkey from the email field's suggestions.
    await expectPath(page, '/profile');
    await expect.poll(() => page.getByTestId('shell-user').textContent()).toBe(user.name);
  });

  it("says 'previously registered' when the same authenticator is added twice", async () => {
    await addVirtualAuthenticator(t.context, t.page);
    await openProfile('twice');
    const { page } = t;
    await page.getByRole('button', { name: 'Add Passkey' }).click();
    await page.getByRole('table', { name: 'Passkeys' }).getByTestId('passkey-row').first().waitFor();
    await page.getByRole('button', { name: 'Add Passkey' }).click();
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('alert').textContent()).toBe('previously registered');
    expect(await page.getByRole('table', { name: 'Passkeys' }).getByTestId('passkey-row').count()).toBe(1);
  });

  it("says 'registration cancelled' when the ceremony is cancelled", async () => {
    const authenticator = await addVirtualAuthenticator(t.context, t.page);
    await authenticator.setAutomaticPresence(false);
    await openProfile('cancel');
    const { page } = t;
    // As a person would: the prompt is up (its options have arrived) when Cancel is pressed.
    const optionsArrived = page.waitForResponse((response) =>
      response.url().includes('/passkey/generate-register-options'),
    );
    await page.getByRole('button', { name: 'Add Passkey' }).click();
    await optionsArrived;
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('alert').textContent()).toBe('registration cancelled');
    expect(await authenticator.credentials()).toEqual([]);
  });

  it('asks to sign in again when the session is too old to add a passkey', async () => {
    await addVirtualAuthenticator(t.context, t.page);
    const user = await openProfile('stale');
    // Age the session past Better Auth's freshness window (one day).
    const db = new Database(path.join(inject('dataDir'), 'gatehouse.db'));
    db.prepare('update session set createdAt = ? where userId = (select id from user where email = ?)').run(
      Date.now() - 2 * 24 * 60 * 60 * 1000,
      user.email,
    );
    db.close();
    // The aged session, opened afresh: the session list is refused (its card asks to confirm), and
    // so is Add Passkey.
    t.expectRefusal(403, '/api/auth/list-sessions');
    t.expectRefusal(403, '/api/auth/passkey/generate-register-options');

    const { page } = t;
    await page.reload();
    await page.getByRole('button', { name: "Confirm it's you" }).waitFor();
    await page.getByRole('button', { name: 'Add Passkey' }).click();
    // Asked to confirm it is them (e2e/sessions.e2e.ts goes on), the person declines.
    await page.getByRole('dialog', { name: "Confirm it's you" }).getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('alert').textContent()).toBe('For your security, sign in again to add a passkey.');
    await page.getByRole('button', { name: 'Sign in again' }).click();
    await expectPath(page, '/auth');
  });
});
