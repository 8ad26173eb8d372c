import crypto from 'node:crypto';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '#common/error-codes';
import { expectAccessibleInBothThemes } from './support/axe';
import { expectPath, toasts, useBrowser, type OrganizationFixture } from './support/browser';
import { confirmWith } from './support/confirmation';
import { E2E_ADMIN } from './support/server';
import { cellOf } from './support/tables';
import { enableTwoFactorByApi } from './support/two-factor';
import { newUser, type TestUser } from './support/users';

const suffix = () => crypto.randomBytes(3).toString('hex');
const memberRow = (page: Page, email: string) => page.getByTestId('member-row').filter({ hasText: email });

describe("an organization's own page", () => {
  const t = useBrowser();

  /** An organization the browser's user owns, with one more member (made by the platform admin). */
  async function organizationWithMember(label: string): Promise<{
    owner: TestUser;
    member: TestUser;
    organization: OrganizationFixture;
  }> {
    const owner = await t.signInAsNewUser('owner');
    const organization = await t.createOrganization(`${label} ${suffix()}`);
    const member = newUser('member');
    const admin = await t.visitorSignedInAs(E2E_ADMIN);
    const created = await admin.context.request.post(`${t.baseURL}/api/v1/admin/users`, {
      data: { ...member, organizationId: organization.id },
      headers: { origin: t.baseURL },
    });
    expect(created.status(), await created.text()).toBe(201);
    // Only a verified account sends invitations: the admin vouches for the owner's address.
    const session = (await (await t.context.request.get(`${t.baseURL}/api/auth/get-session`)).json()) as {
      user: { id: string };
    };
    const verified = await admin.context.request.post(`${t.baseURL}/api/auth/admin/update-user`, {
      data: { userId: session.user.id, data: { emailVerified: true } },
      headers: { origin: t.baseURL },
    });
    expect(verified.status(), await verified.text()).toBe(200);
    await admin.context.close();
    return { owner, member, organization };
  }

  /** Opens the profile's Delete account dialog and answers it with `password`. */
  async function deleteAccount(page: Page, password: string) {
    await page.goto('/profile');
    await page.getByRole('region', { name: 'Delete account' }).getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
    await dialog.getByLabel('Password', { exact: true }).fill(password);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    return dialog;
  }

  it('lets the last owner hand the organization over, after which their account can go', async () => {
    const { owner, member, organization } = await organizationWithMember('Handed');
    const { page } = t;

    // Before the hand-over, the account is refused: it is the last owner of an organization with a member.
    t.expectRefusal(400, '/api/auth/delete-user');
    const dialog = await deleteAccount(page, owner.password);
    await expect
      .poll(() => dialog.getByRole('alert').textContent())
      .toBe(
        `You are the last owner of "${organization.name}". Make another member an owner, or delete the organization, first.`,
      );
    await page.keyboard.press('Escape');

    // The page opens from the organization's card.
    await page.goto('/organizations');
    await page.getByRole('button', { name: new RegExp(organization.name) }).click();
    await page.getByRole('link', { name: 'Open organization' }).click();
    await expectPath(page, `/organizations/${organization.id}`);
    await page.getByRole('heading', { name: organization.name }).waitFor();
    expect(await page.title()).toBe(`${organization.name} · Organizations · Gatehouse`);
    await memberRow(page, member.email).waitFor();
    expect(await page.getByRole('region', { name: 'Members' }).getByText('2 members').count()).toBe(1);
    await expectAccessibleInBothThemes(page, undefined, 'organization page of an owner');

    // It fits a phone: nothing wider than the screen (tables scroll inside their card).
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 720 });

    // The owner hands the organization to the member, and stays as an admin.
    await page.getByLabel('New owner').selectOption({ label: `${member.name} (${member.email})` });
    await page.getByRole('button', { name: 'Transfer ownership' }).click();
    await confirmWith(
      page,
      'Transfer ownership',
      `Make ${member.email} the owner of ${organization.name}? You become an admin.`,
      'Transfer',
    );
    await toasts(page).getByText(`${member.email} is now the owner; you are an admin`).waitFor();
    await expect.poll(() => memberRow(page, member.email).textContent()).toContain('Owner');
    await expect.poll(async () => (await cellOf(memberRow(page, owner.email), 'Role')).textContent()).toBe('Admin');
    // An admin neither hands over nor deletes the organization.
    await page.getByRole('button', { name: 'Transfer ownership' }).waitFor({ state: 'detached' });
    expect(await page.getByRole('button', { name: 'Delete organization' }).count()).toBe(0);

    // Now the account goes.
    await deleteAccount(page, owner.password);
    await expectPath(page, '/auth');
    await page.getByRole('status').getByText('Your account has been deleted.').waitFor();
  });

  it('lets an owner search members, change a role, invite, resend, cancel, limit invitations to domains, rename, set a logo and remove a member', async () => {
    const { member, organization } = await organizationWithMember('Run');
    const { page } = t;
    const toast = (text: string) => toasts(page).getByText(text, { exact: true });
    await page.goto(`/organizations/${organization.id}`);
    await memberRow(page, member.email).waitFor();

    // The search is the server's: by name or email.
    await page.getByLabel('Search members').fill(member.email.toUpperCase());
    await expect.poll(() => page.getByTestId('member-row').count()).toBe(1);
    await memberRow(page, member.email).waitFor();
    await page.getByLabel('Search members').fill('nobody-has-this');
    await page.getByText('No members found.').waitFor();
    await page.getByLabel('Search members').fill('');
    await expect.poll(() => page.getByTestId('member-row').count()).toBe(2);

    await page.getByLabel(`Role of ${member.email}`).selectOption('admin');
    await toast(`${member.email} is now admin`).waitFor();
    await page.reload();
    await expect.poll(() => page.getByLabel(`Role of ${member.email}`).inputValue()).toBe('admin');

    const invitee = newUser('invitee').email;
    const pending = page.getByRole('list', { name: 'Pending invitations' });
    await page.getByLabel('Email to invite').fill(invitee);
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await toast(`Invitation sent to ${invitee}.`).waitFor();
    await pending.getByText(invitee).waitFor();
    await page.getByRole('button', { name: `Resend the invitation of ${invitee}` }).click();
    await toast(`Invitation sent again to ${invitee}.`).waitFor();
    await page.getByRole('button', { name: `Cancel the invitation of ${invitee}` }).click();
    await toast('Invitation cancelled').waitFor();
    await page.getByText('No pending invitations.').waitFor();

    // Invitations only to listed domains: each domain checked, then kept in lower case.
    const policies = page.getByRole('region', { name: 'Policies' });
    const domains = policies.getByLabel('Invitations only to these email domains');
    await domains.fill('example.com, not-a-domain');
    await policies.getByRole('button', { name: 'Save policies' }).click();
    await policies.getByText('Enter a domain such as example.com').waitFor();
    await domains.fill('Example.com, gatehouse.test');
    await policies.getByRole('button', { name: 'Save policies' }).click();
    await toast('Policies saved').waitFor();
    await expect.poll(() => domains.inputValue()).toBe('example.com, gatehouse.test');
    t.expectRefusal(403, '/api/auth/organization/invite-member'); // an address elsewhere
    await page.getByLabel('Email to invite').fill('someone@elsewhere.test');
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await expect
      .poll(() => page.getByRole('region', { name: 'Invitations' }).getByRole('alert').textContent())
      .toBe(ERROR_CODES.INVITATION_DOMAIN_NOT_ALLOWED);

    const renamed = `Renamed ${suffix()}`;
    const settings = page.getByRole('region', { name: 'Settings' });
    await settings.getByLabel('Name', { exact: true }).fill(renamed);
    await settings.getByLabel('Slug').fill('Not A Slug');
    await settings.getByRole('button', { name: 'Save' }).click();
    await settings.getByText('Slug is lower-case letters and digits, joined by single hyphens').waitFor();
    await settings.getByLabel('Slug').fill(renamed.toLowerCase().replace(' ', '-'));
    await settings.getByRole('button', { name: 'Save' }).click();
    await toast('Organization saved').waitFor();
    await page.getByRole('heading', { name: renamed, level: 1 }).waitFor();

    await settings
      .getByLabel('Logo file')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') });
    await toast('Please choose an image file').waitFor();
    await settings.getByLabel('Logo file').setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: await sharp({ create: { width: 300, height: 200, channels: 3, background: 'teal' } })
        .png()
        .toBuffer(),
    });
    await toast('Logo updated').waitFor();
    const logos = page.locator('img[src*="/api/v1/files/"]');
    await expect.poll(() => logos.count()).toBe(2); // the header's and the settings'
    await settings.getByRole('button', { name: 'Remove logo' }).click();
    await toast('Logo removed').waitFor();
    await expect.poll(() => logos.count()).toBe(0);

    await page.getByRole('button', { name: `Remove ${member.email}` }).click();
    await confirmWith(
      page,
      'Remove member',
      `Remove ${member.email} from ${renamed}? Their places in its teams go too. Their account stays.`,
      'Remove',
    );
    await toast(`${member.email} removed from the organization`).waitFor();
    await page.getByRole('region', { name: 'Members' }).getByText('1 member', { exact: true }).waitFor();
    expect(await memberRow(page, member.email).count()).toBe(0);
  });

  it('lets a member leave, and keeps the last owner from leaving in words', async () => {
    const { member, organization } = await organizationWithMember('Left');
    const path = `/organizations/${organization.id}` as const;

    // The owner is the last one: leaving is refused, and the page says why.
    const ownerPage = t.page;
    await ownerPage.goto(path);
    await ownerPage.getByRole('heading', { name: organization.name }).waitFor();
    t.expectRefusal(400, '/api/auth/organization/leave');
    await ownerPage.getByRole('button', { name: 'Leave organization' }).click();
    await confirmWith(
      ownerPage,
      'Leave organization',
      `Leave ${organization.name}? You will need a new invitation to come back.`,
      'Leave',
    );
    const danger = ownerPage.getByRole('region', { name: 'Danger zone' });
    await expect
      .poll(() => danger.getByRole('alert').textContent())
      .toBe('You cannot leave the organization as the only owner');
    expect(new URL(ownerPage.url()).pathname).toBe(path);

    // The member sees the members and leaves; the organization is theirs no more.
    const { page } = await t.visitorSignedInAs(member);
    await page.goto(path);
    await page.getByRole('heading', { name: organization.name }).waitFor();
    expect(await page.getByRole('region', { name: 'Settings' }).count()).toBe(0);
    expect(await page.getByRole('combobox', { name: /^Role of / }).count()).toBe(0);
    await page.getByRole('button', { name: 'Leave organization' }).click();
    await confirmWith(
      page,
      'Leave organization',
      `Leave ${organization.name}? You will need a new invitation to come back.`,
      'Leave',
    );
    await page.waitForURL((url) => url.pathname === '/organizations');
    await toasts(page).getByText('You left the organization').waitFor();
    await page.getByRole('heading', { name: 'New Organization' }).waitFor();
    expect(await page.getByRole('button', { name: new RegExp(organization.name) }).count()).toBe(0);
    await page.goto(path);
    await page.getByRole('heading', { name: 'Organization not found' }).waitFor();

    // The owner's page counts one member.
    await ownerPage.reload();
    await ownerPage.getByRole('region', { name: 'Members' }).getByText('1 member', { exact: true }).waitFor();
    expect(await memberRow(ownerPage, member.email).count()).toBe(0);
  });

  it('asks members for two-factor once an owner who has it requires it', async () => {
    const { owner, member, organization } = await organizationWithMember('Guarded');
    const path = `/organizations/${organization.id}` as const;
    const { page } = t;
    await page.goto(path);
    const policies = page.getByRole('region', { name: 'Policies' });
    const requireTwoFactor = policies.getByRole('switch', { name: 'Members must use two-factor' });

    // Without two-factor of their own, the owner cannot require it of others.
    t.expectRefusal(403, `/api/v1/organizations/${organization.id}/policies`);
    await requireTwoFactor.check();
    await policies.getByRole('button', { name: 'Save policies' }).click();
    await expect.poll(() => policies.getByRole('alert').textContent()).toBe(ERROR_CODES.TWO_FACTOR_FIRST);

    await enableTwoFactorByApi(t, owner);
    await page.reload();
    await requireTwoFactor.check();
    await policies.getByRole('button', { name: 'Save policies' }).click();
    await toasts(page).getByText('Policies saved').waitFor();

    // The owner sees who does not comply.
    await memberRow(page, member.email).getByText('No two-factor').waitFor();
    expect(await memberRow(page, owner.email).getByText('No two-factor').count()).toBe(0);
    await page.getByLabel('Without two-factor').check();
    await expect.poll(() => page.getByTestId('member-row').count()).toBe(1);
    await memberRow(page, member.email).waitFor();

    // The member is asked to turn two-factor on, and sees nothing else of the organization.
    const visitor = await t.visitorSignedInAs(member);
    await visitor.page.goto(path);
    await visitor.page.getByRole('heading', { name: 'Two-factor authentication required' }).waitFor();
    await visitor.page.getByText(ERROR_CODES.ORGANIZATION_REQUIRES_TWO_FACTOR, { exact: true }).waitFor();
    expect(await visitor.page.getByRole('region', { name: 'Members' }).count()).toBe(0);
    await visitor.page.getByRole('link', { name: 'Turn on two-factor authentication' }).click();
    await visitor.page.waitForURL((url) => url.pathname === '/profile');
    await visitor.page.getByRole('region', { name: 'Two-factor authentication' }).waitFor();
  });
});
