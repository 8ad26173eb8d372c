import path from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { ADMIN_ORGANIZATION_ERRORS, organizationConfirmationText } from '#common/admin';
import { expectAccessibleInBothThemes, seriousViolations } from './support/axe';
import { expectPath, toasts, useBrowser, type BrowserFixture } from './support/browser';
import { confirmWith } from './support/confirmation';
import { E2E_ADMIN } from './support/server';
import { cellOf } from './support/tables';
import { newUser } from './support/users';

/** An organization the signed-in admin owns, with two more members and an invitation, made through the API. */
async function populatedOrganization(t: BrowserFixture, label: string) {
  const organization = await t.createOrganization(`${label} ${Date.now().toString(36)}`);
  const post = async (path: string, data: unknown) => {
    const response = await t.context.request.post(`${t.baseURL}${path}`, { data, headers: { origin: t.baseURL } });
    expect(response.status(), await response.text()).toBeLessThan(300);
  };
  const [alice, bob] = [newUser('alice'), newUser('bob')];
  for (const person of [alice, bob]) {
    await post('/api/v1/admin/users', { ...person, organizationId: organization.id });
  }
  const invitee = newUser('invitee').email;
  await post('/api/auth/organization/invite-member', {
    email: invitee,
    role: 'member',
    organizationId: organization.id,
  });
  return { ...organization, alice, bob, invitee };
}

/** `count` more people in the organization, made through the API one after the other (so they join in that order). */
async function addMembers(t: BrowserFixture, organizationId: string, count: number) {
  const people = Array.from({ length: count }, (_, index) => newUser(`joiner${String(index).padStart(2, '0')}`));
  for (const person of people) {
    const response = await t.context.request.post(`${t.baseURL}/api/v1/admin/users`, {
      data: { ...person, organizationId },
      headers: { origin: t.baseURL },
    });
    expect(response.status(), await response.text()).toBe(201);
  }
  return people;
}

const memberRow = (page: Page, email: string) => page.getByTestId('member-row').filter({ hasText: email });
/** The count among the organization's facts. */
const memberCount = (page: Page) =>
  page
    .locator('dl > div')
    .filter({ has: page.locator('dt', { hasText: /^Members$/ }) })
    .locator('dd');

describe('an organization run by a platform admin', () => {
  const t = useBrowser();

  it('opens from the list; changes a role, keeps the last owner, removes a member, cancels an invitation, deletes it by name', async () => {
    await t.signInAsAdmin();
    const organization = await populatedOrganization(t, 'Detail Org');
    const { page } = t;
    const toast = (text: string) => toasts(page).getByText(text, { exact: true });

    await page.goto('/admin/organizations');
    await page.getByRole('link', { name: organization.name }).click();
    await expectPath(page, `/admin/organizations/${organization.id}`);
    await page.getByRole('heading', { name: organization.name }).waitFor();
    expect(await page.title()).toBe(`${organization.name} · Organizations · Admin · Gatehouse`);
    expect(await page.getByText(organization.slug, { exact: true }).count()).toBe(1);
    const teams = page.getByRole('table', { name: 'Teams' });
    expect(await (await cellOf(teams.getByTestId('team-row').first(), 'Visibility')).textContent()).toBe('Public');
    // On a 390-pixel phone the page does not scroll sideways.
    const wide = page.viewportSize();
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    if (wide) await page.setViewportSize(wide);

    // A role change, kept by the server.
    await page.getByLabel(`Role of ${organization.alice.email}`).selectOption('admin');
    await toast(`${organization.alice.email} is now an admin`).waitFor();
    await page.reload();
    await expect.poll(() => page.getByLabel(`Role of ${organization.alice.email}`).inputValue()).toBe('admin');

    // The admin is the only owner: demoting them is refused in the server's words, and the select goes back.
    t.expectRefusal(409, new RegExp(`^/api/v1/admin/organizations/${organization.id}/members/[^/]+$`));
    const ownRole = page.getByLabel(`Role of ${E2E_ADMIN.email}`);
    await ownRole.selectOption('member');
    await toast(ADMIN_ORGANIZATION_ERRORS.LAST_OWNER).waitFor();
    await expect.poll(() => ownRole.inputValue()).toBe('owner');

    // Removing asks first, then the row goes.
    await page.getByRole('button', { name: `Remove ${organization.bob.email}` }).click();
    await confirmWith(
      page,
      'Remove member',
      `Remove ${organization.bob.email} from ${organization.name}? Their places in its teams go too. Their account stays.`,
      'Remove',
    );
    await toast(`${organization.bob.email} removed from the organization`).waitFor();
    await memberRow(page, organization.bob.email).waitFor({ state: 'detached' });
    expect(await page.getByTestId('member-row').count()).toBe(2);

    // The invitation is cancelled.
    const invitations = page.getByRole('table', { name: 'Pending invitations' });
    await invitations.getByText(organization.invitee).waitFor();
    await page.getByRole('button', { name: `Cancel the invitation of ${organization.invitee}` }).click();
    await toast('Invitation cancelled').waitFor();
    await invitations.getByText('No pending invitations.').waitFor();

    // Deleting waits for the exact name.
    const danger = page.getByRole('region', { name: 'Danger zone' });
    const remove = danger.getByRole('button', { name: 'Delete organization' });
    const typed = danger.getByLabel('Organization name');
    expect(await remove.isDisabled()).toBe(true);
    await typed.fill(organization.name.toUpperCase());
    expect(await remove.isDisabled()).toBe(true);
    await typed.fill(organization.name);
    expect(await remove.isEnabled()).toBe(true);
    await remove.click();
    await expectPath(page, '/admin/organizations');
    await toast('Organization deleted').waitFor();
    // The list refetches: the row shown from before goes.
    await page.getByRole('table', { name: 'Organizations' }).waitFor();
    await expect.poll(() => page.getByRole('link', { name: organization.name }).count()).toBe(0);

    // Its address now says it is gone.
    await page.goto(`/admin/organizations/${organization.id}`);
    t.expectRefusal(404, `/api/v1/admin/organizations/${organization.id}`); // deleted
    await page.getByRole('heading', { name: 'Organization not found' }).waitFor();
    await expect.poll(() => page.title()).toBe('Organization not found · Organizations · Admin · Gatehouse');
  });

  it('finds organizations by a search made on the server and pages through them, the view kept in the URL', async () => {
    await t.signInAsAdmin();
    const tag = `Findable ${Date.now().toString(36)}`;
    // 21 matches: a page of 20 and one more, the oldest, on the second.
    for (let index = 0; index < 21; index += 1) {
      const response = await t.context.request.post(`${t.baseURL}/api/v1/admin/organizations`, {
        data: { name: `${tag} ${String(index).padStart(2, '0')}` },
        headers: { origin: t.baseURL },
      });
      expect(response.status(), await response.text()).toBe(201);
    }
    const { page } = t;
    const rows = page.getByTestId('organization-row');
    const next = page.getByRole('button', { name: 'Next', exact: true });
    const previous = page.getByRole('button', { name: 'Previous', exact: true });

    await page.goto('/admin/organizations');
    await page.getByLabel('Search organizations').fill(tag.toLowerCase());
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByText('Page 1 of 2', { exact: true }).waitFor();
    await page.getByRole('link', { name: `${tag} 20` }).waitFor();
    expect(await rows.count()).toBe(20);
    expect(await previous.isDisabled()).toBe(true);
    expect(new URL(page.url()).searchParams.get('search')).toBe(tag.toLowerCase());

    await next.click();
    await page.getByText('Page 2 of 2', { exact: true }).waitFor();
    await page.getByRole('link', { name: `${tag} 00` }).waitFor();
    await expect.poll(() => rows.count()).toBe(1);
    expect(await next.isDisabled()).toBe(true);
    expect(new URL(page.url()).searchParams.get('offset')).toBe('20');

    // A reload keeps the view; a search nothing matches says so.
    await page.reload();
    await page.getByRole('link', { name: `${tag} 00` }).waitFor();
    await page.getByText('Page 2 of 2', { exact: true }).waitFor();
    await page.getByLabel('Search organizations').fill(`${tag} none`);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByText('No organizations match the search.').waitFor();
    await page.getByText('Page 1 of 1', { exact: true }).waitFor();
  });

  it('deletes an organization whose name, stored before the name rule, is thousands of characters long', async () => {
    await t.signInAsAdmin();
    const organization = await t.createOrganization(`Legacy ${Date.now().toString(36)}`);
    // No path takes such a name any more: written straight into the database, as an older version kept it.
    const name = `Legacy\n${'w'.repeat(5000)}`;
    const db = new Database(path.join(inject('dataDir'), 'gatehouse.db'));
    try {
      db.prepare('update organization set name = ? where id = ?').run(name, organization.id);
    } finally {
      db.close();
    }
    const { page } = t;
    const shown = `${organizationConfirmationText(name)}…`;

    await page.goto(`/admin/organizations?search=${organization.slug}`);
    await page.getByRole('link', { name: shown }).click();
    await page.getByRole('heading', { name: shown }).waitFor();
    const danger = page.getByRole('region', { name: 'Danger zone' });
    const remove = danger.getByRole('button', { name: 'Delete organization' });
    await danger.getByLabel('Organization name').fill(organizationConfirmationText(name));
    expect(await remove.isEnabled()).toBe(true);
    await remove.click();
    await expectPath(page, '/admin/organizations');
    await toasts(page).getByText('Organization deleted', { exact: true }).waitFor();
  });

  it('pages through the members; a removal or a role change refreshes the page on screen and the count', async () => {
    await t.signInAsAdmin();
    const organization = await populatedOrganization(t, 'Paged Org');
    // With the admin, Alice and Bob: 28 members, pages of 25.
    const joiners = await addMembers(t, organization.id, 25);
    const { page } = t;
    const toast = (text: string) => toasts(page).getByText(text, { exact: true });
    const rows = page.getByTestId('member-row');
    const next = page.getByRole('button', { name: 'Next', exact: true });
    const previous = page.getByRole('button', { name: 'Previous', exact: true });
    const remove = async (email: string) => {
      await page.getByRole('button', { name: `Remove ${email}` }).click();
      const question = `Remove ${email} from ${organization.name}? Their places in its teams go too. Their account stays.`;
      await confirmWith(page, 'Remove member', question, 'Remove');
      await toast(`${email} removed from the organization`).waitFor();
    };

    await page.goto(`/admin/organizations/${organization.id}`);
    await memberRow(page, E2E_ADMIN.email).waitFor();
    expect(await memberCount(page).textContent()).toBe('28');
    expect(await rows.count()).toBe(25);
    await page.getByText('Page 1 of 2', { exact: true }).waitFor();
    expect(await previous.isDisabled()).toBe(true);

    // The second page: the three who joined last, in join order.
    await next.click();
    await page.getByText('Page 2 of 2', { exact: true }).waitFor();
    await memberRow(page, joiners[24]!.email).waitFor();
    const lastThree = joiners.slice(22).map((person) => person.email);
    expect((await rows.allTextContents()).map((text) => lastThree.find((email) => text.includes(email)))).toEqual(
      lastThree,
    );
    expect(await next.isDisabled()).toBe(true);

    // A role change on this page shows at once and stays.
    await page.getByLabel(`Role of ${lastThree[0]}`).selectOption('admin');
    await toast(`${lastThree[0]} is now an admin`).waitFor();
    await page.getByText('Page 2 of 2', { exact: true }).waitFor();
    await expect.poll(() => page.getByLabel(`Role of ${lastThree[0]}`).inputValue()).toBe('admin');

    // Removing refreshes this page and the count.
    for (const [index, email] of lastThree.slice(1).entries()) {
      await remove(email);
      await memberRow(page, email).waitFor({ state: 'detached' });
      await expect.poll(() => memberCount(page).textContent()).toBe(String(27 - index));
    }
    expect(await rows.count()).toBe(1);
    await page.getByText('Page 2 of 2', { exact: true }).waitFor();

    // Its last member removed, the page would be empty: the first page shows, and one page is all.
    await remove(lastThree[0]!);
    await memberRow(page, E2E_ADMIN.email).waitFor();
    await expect.poll(() => memberCount(page).textContent()).toBe('25');
    await expect.poll(() => rows.count()).toBe(25);
    // The first page's earlier answer (two pages then) may show until its refetch lands.
    await expect.poll(() => next.count()).toBe(0);
  });

  it('has no serious accessibility violations on the organization page, light and dark', async () => {
    await t.signInAsAdmin();
    const organization = await populatedOrganization(t, 'Axe Org');
    const { page } = t;
    await page.goto(`/admin/organizations/${organization.id}`);
    await memberRow(page, organization.alice.email).waitFor();
    await page.getByRole('table', { name: 'Pending invitations' }).getByText(organization.invitee).waitFor();
    await expectAccessibleInBothThemes(page, 'main');
    await page.getByRole('button', { name: `Remove ${organization.alice.email}` }).click();
    await page.getByRole('alertdialog', { name: 'Remove member' }).waitFor();
    expect(await seriousViolations(page, 'dialog[open]')).toEqual([]);
  });
});
