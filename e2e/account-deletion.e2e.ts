import crypto from 'node:crypto';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { APIRequestContext, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { NOT_WHILE_IMPERSONATING_MESSAGE } from '#common/admin';
import { expectAccessibleInBothThemes, violationsAt } from './support/axe';
import { expectPath, useBrowser, type OrganizationFixture } from './support/browser';
import { confirmation } from './support/confirmation';
import { E2E_ADMIN } from './support/server';
import { expectStyledAs } from './support/styles';
import { newUser, type TestUser } from './support/users';

const DELETED_NOTICE = 'Your account has been deleted.';

/** Whether the e2e server's database still holds a user row with this id. */
function userExists(id: string): boolean {
  const db = new Database(path.join(inject('dataDir'), 'gatehouse.db'), { readonly: true });
  try {
    return db.prepare('select 1 from user where id = ?').get(id) !== undefined;
  } finally {
    db.close();
  }
}

/** Who the page's browser is signed in as, by the server's word (null when nobody). */
const sessionUser = (page: Page) =>
  page.evaluate(() =>
    fetch('/api/auth/get-session')
      .then((response) => response.json() as Promise<{ user: { id: string; email: string } } | null>)
      .then((session) => session?.user ?? null),
  );

const post = async (request: APIRequestContext, baseURL: string, route: string, data: object) => {
  const response = await request.post(`${baseURL}/api/auth${route}`, { data, headers: { origin: baseURL } });
  expect(response.status(), await response.text()).toBe(200);
  return response.json() as Promise<Record<string, unknown>>;
};

/** Opens the card's dialog; the dialog, found by its title. */
async function openDialog(page: Page, title: string) {
  const card = page.getByRole('region', { name: 'Delete account' });
  await card.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('alertdialog', { name: title });
  await dialog.waitFor();
  return dialog;
}

describe("deleting one's own account", () => {
  const t = useBrowser();

  /** Another person, verified, made a member of the organization through an invitation they accept. */
  async function addMember(organization: OrganizationFixture): Promise<TestUser> {
    const member = newUser('member');
    const admin = await t.visitorSignedInAs(E2E_ADMIN);
    await post(admin.context.request, t.baseURL, '/admin/create-user', {
      ...member,
      role: 'user',
      data: { emailVerified: true },
    });
    // Only a verified account sends invitations: the admin vouches for the inviting owner's address.
    const owner = (await (await t.context.request.get(`${t.baseURL}/api/auth/get-session`)).json()) as {
      user: { id: string };
    };
    await post(admin.context.request, t.baseURL, '/admin/update-user', {
      userId: owner.user.id,
      data: { emailVerified: true },
    });
    const invitation = await post(t.context.request, t.baseURL, '/organization/invite-member', {
      email: member.email,
      role: 'member',
      organizationId: organization.id,
    });
    const visitor = await t.visitorSignedInAs(member);
    await post(visitor.context.request, t.baseURL, '/organization/accept-invitation', { invitationId: invitation.id });
    return member;
  }

  it('deletes a registered account with its password, after a wrong one that changes nothing', async () => {
    const user = await t.signInAsNewUser('delete-me');
    const { page } = t;
    await page.goto('/profile');
    const card = page.getByRole('region', { name: 'Delete account' });
    await expectStyledAs(card, 'border-danger-border', ['border-top-color']);
    await card.getByText('cannot be undone').waitFor();
    const dialog = await openDialog(page, 'Delete your account?');
    const password = dialog.getByLabel('Password', { exact: true });
    const confirm = dialog.getByRole('button', { name: 'Delete my account' });
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('delete-account-password');

    await confirm.click();
    await dialog.getByText('Enter your password to delete your account').waitFor();
    expect(await password.getAttribute('aria-invalid')).toBe('true');

    // Shown and hidden, as on the sign-in screen.
    await password.fill('not-my-password');
    await dialog.getByRole('button', { name: 'Show password' }).click();
    expect(await password.getAttribute('type')).toBe('text');
    await dialog.getByRole('button', { name: 'Hide password' }).click();
    expect(await password.getAttribute('type')).toBe('password');

    t.expectRefusal(400, '/api/auth/delete-user'); // the wrong password
    await confirm.click();
    await expect.poll(() => dialog.getByRole('alert').textContent()).toBe('Invalid password');
    expect(await password.inputValue()).toBe('not-my-password');
    expect(new URL(page.url()).pathname).toBe('/profile');
    expect((await sessionUser(page))?.email).toBe(user.email);

    await password.fill(user.password);
    await confirm.click();
    await expectPath(page, '/auth');
    await page.getByRole('status').getByText(DELETED_NOTICE).waitFor();
    // Said once: the flag leaves the URL.
    await expect.poll(() => new URL(page.url()).search).toBe('');
    expect(await sessionUser(page)).toBeNull();

    t.expectRefusal(401, '/api/auth/sign-in/email'); // the deleted account's password
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Invalid email or password');
    expect(new URL(page.url()).pathname).toBe('/auth');
  });

  it('deletes a guest account with a plain confirmation', async () => {
    const { page } = t;
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Continue as Guest' }).click();
    await expectPath(page, '/profile');
    const guest = await sessionUser(page);
    expect(guest).not.toBeNull();

    await page.getByRole('region', { name: 'Delete account' }).getByRole('button', { name: 'Delete account' }).click();
    const asked = await confirmation(page, 'Delete your guest account?');
    expect(asked.question).toContain('A guest account has no password: once deleted, nobody can get it back.');
    expect(asked.focused).toBe('Cancel');
    const dialog = page.getByRole('alertdialog', { name: 'Delete your guest account?' });
    expect(await dialog.getByRole('textbox').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();

    await expectPath(page, '/auth');
    await page.getByRole('status').getByText(DELETED_NOTICE).waitFor();
    expect(await sessionUser(page)).toBeNull();
    expect(userExists(guest!.id)).toBe(false);
  });

  it('refuses the last owner of an organization with another member, naming it, and keeps the dialog as it was', async () => {
    const owner = await t.signInAsNewUser('last-owner');
    const organization = await t.createOrganization(`Kept ${crypto.randomBytes(3).toString('hex')}`);
    await addMember(organization);
    const { page } = t;
    await page.goto('/profile');
    const dialog = await openDialog(page, 'Delete your account?');
    const password = dialog.getByLabel('Password', { exact: true });
    await password.fill(owner.password);

    t.expectRefusal(400, '/api/auth/delete-user'); // the last owner
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect
      .poll(() => dialog.getByRole('alert').textContent())
      .toBe(
        `You are the last owner of "${organization.name}". Make another member an owner, or delete the organization, first.`,
      );
    expect(await password.inputValue()).toBe(owner.password);
    expect(new URL(page.url()).pathname).toBe('/profile');
    expect((await sessionUser(page))?.email).toBe(owner.email);
  });

  it("shows the server's refusal to an admin impersonating the account", async () => {
    await t.signInAsAdmin();
    const user = newUser('impersonated');
    const created = await post(t.context.request, t.baseURL, '/admin/create-user', { ...user, role: 'user' });
    const { id } = created.user as { id: string };
    await post(t.context.request, t.baseURL, '/admin/impersonate-user', { userId: id, reason: 'Support ticket' });
    const { page } = t;
    await page.goto('/profile');
    await page.getByText('You are being impersonated as').waitFor();
    const dialog = await openDialog(page, 'Delete your account?');
    await dialog.getByLabel('Password', { exact: true }).fill(user.password);

    t.expectRefusal(403, '/api/auth/delete-user'); // not while impersonating
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect.poll(() => dialog.getByRole('alert').textContent()).toBe(NOT_WHILE_IMPERSONATING_MESSAGE);
    expect(userExists(id)).toBe(true);
  });

  it('has no serious accessibility violations in the dialog and the notice, light and dark', async () => {
    await t.signInAsNewUser('a11y-delete');
    const { page } = t;
    await page.goto('/profile');
    const dialog = await openDialog(page, 'Delete your account?');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await dialog.getByText('Enter your password to delete your account').waitFor();
    await expectAccessibleInBothThemes(page, 'dialog[open]');
    await expectAccessibleInBothThemes(page, '[aria-labelledby="card-delete-account"]');

    await t.context.clearCookies();
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      const notice = page.getByRole('status').getByText(DELETED_NOTICE);
      expect(await violationsAt(page, '/auth?deleted=1', notice), colorScheme).toEqual([]);
    }
  });
});
