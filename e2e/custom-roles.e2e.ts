import type { BrowserContext, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '#common/error-codes';
import { expectAccessibleInBothThemes } from './support/axe';
import { toasts, useBrowser } from './support/browser';
import { confirmWith } from './support/confirmation';
import { E2E_ADMIN } from './support/server';
import { newUser, signInContext, type TestUser } from './support/users';

/** A person with a verified address (only those send invitations), made by the platform admin; in `organizationId` as a member if given. */
async function verifiedUser(admin: BrowserContext, baseURL: string, prefix: string, organizationId?: string) {
  const user = newUser(prefix);
  const response = await admin.request.post(`${baseURL}/api/v1/admin/users`, {
    data: { ...user, emailVerified: true, organizationId },
    headers: { origin: baseURL },
  });
  expect(response.status(), await response.text()).toBe(201);
  return user;
}

/** The custom role the test makes: it invites and cancels invitations, and reads the roles. */
const INVITER = 'inviter';
const INVITER_CELLS = ['Invitations: create', 'Invitations: cancel', 'Roles: read'];

const rolesCard = (page: Page) => page.getByRole('region', { name: 'Roles', exact: true });
/** A role of the roles card, unfolded. */
async function unfoldRole(page: Page, name: string): Promise<Locator> {
  const item = rolesCard(page)
    .locator('details')
    .filter({ has: page.getByText(name, { exact: true }) });
  await item.locator('summary').click();
  return item;
}

/** The controls the inviter role does not allow: the owner has each of them (its role's cells unfolded), the inviter none. */
const controlsBeyondInviter = (page: Page) => {
  const button = (name: string) => page.getByRole('button', { name, exact: true });
  return {
    'role selects': page.getByRole('combobox', { name: /^Role of / }),
    'remove buttons': page.getByRole('button', { name: /^Remove / }),
    settings: page.getByRole('region', { name: 'Settings', exact: true }),
    policies: page.getByRole('region', { name: 'Policies', exact: true }),
    'new role': button('New role'),
    'edit permissions': button('Edit permissions'),
    'delete role': button(`Delete role ${INVITER}`),
    'delete organization': button('Delete organization'),
    'transfer ownership': button('Transfer ownership'),
  };
};

async function countsOf(controls: Record<string, Locator>) {
  return Object.fromEntries(
    await Promise.all(Object.entries(controls).map(async ([name, locator]) => [name, await locator.count()] as const)),
  );
}

async function openOrganization(page: Page, organization: { id: string; name: string }) {
  await page.goto(`/organizations/${organization.id}`);
  await page.getByRole('heading', { name: organization.name, level: 1 }).waitFor();
}

describe('custom roles', () => {
  const t = useBrowser();

  it('an owner makes a role and gives it to a member, who sees and may do only what it allows', async () => {
    const { context: admin } = await t.visitorSignedInAs(E2E_ADMIN);
    const owner: TestUser = await verifiedUser(admin, t.baseURL, 'owner');
    await signInContext(t.context, t.baseURL, owner);
    const organization = await t.createOrganization(`Roles Org ${Date.now().toString(36)}`);
    const member = await verifiedUser(admin, t.baseURL, 'holder', organization.id);
    const { page } = t;
    const toast = (text: string) => toasts(page).getByText(text, { exact: true });

    // The owner makes the role on the organization page: the name is checked first.
    await openOrganization(page, organization);
    const roles = rolesCard(page);
    await roles.getByRole('button', { name: 'New role' }).click();
    const form = roles.getByRole('form', { name: 'New role' });
    const nameField = form.getByLabel('Role name');
    await nameField.fill('Inviters');
    await form.getByRole('button', { name: 'Create role' }).click();
    await expect
      .poll(() => form.getByText('Role name is lower-case letters, digits and hyphens, starting with a letter').count())
      .toBe(1);
    await nameField.fill(INVITER);
    for (const cell of INVITER_CELLS) await form.getByRole('checkbox', { name: cell, exact: true }).check();
    await expectAccessibleInBothThemes(page, 'section[aria-labelledby="card-roles"]', 'the new role form');
    await form.getByRole('button', { name: 'Create role' }).click();
    await toast(`Role ${INVITER} created`).waitFor();
    const made = await unfoldRole(page, INVITER);
    for (const cell of INVITER_CELLS) {
      expect(await made.getByRole('checkbox', { name: cell, exact: true }).isChecked()).toBe(true);
    }
    expect(await made.getByRole('checkbox', { name: 'Members: delete', exact: true }).isChecked()).toBe(false);

    // On a 390-pixel phone the page does not scroll sideways: the matrix scrolls inside the card.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const matrixBox = await made.getByRole('table').locator('xpath=..').boundingBox();
    expect(matrixBox!.x + matrixBox!.width).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 720 });

    // It is given to the member through the member's role select, and the server keeps it.
    await page.getByLabel(`Role of ${member.email}`).selectOption(INVITER);
    await toast(`${member.email} is now ${INVITER}`).waitFor();
    await page.reload();
    await expect.poll(() => page.getByLabel(`Role of ${member.email}`).inputValue()).toBe(INVITER);
    await unfoldRole(page, INVITER);
    const ownerCounts = await countsOf(controlsBeyondInviter(page));
    for (const [control, count] of Object.entries(ownerCounts)) expect(count, control).toBeGreaterThan(0);

    // An invitation waits, for the member to cancel.
    const invitee = newUser('invitee').email;
    const invited = await t.context.request.post(`${t.baseURL}/api/auth/organization/invite-member`, {
      data: { email: invitee, role: 'member', organizationId: organization.id },
      headers: { origin: t.baseURL },
    });
    expect(invited.status(), await invited.text()).toBe(200);

    // The member sees the invitations (invite and cancel) and the roles, read-only, and nothing else.
    const { context: memberContext, page: memberPage } = await t.visitorSignedInAs(member);
    await openOrganization(memberPage, organization);
    const button = (name: string) => memberPage.getByRole('button', { name, exact: true });
    await memberPage.getByLabel('Email to invite').waitFor();
    await memberPage.getByRole('button', { name: `Cancel the invitation of ${invitee}` }).waitFor();
    await rolesCard(memberPage).waitFor();
    const seen = await unfoldRole(memberPage, INVITER);
    await seen.getByRole('table', { name: `Permissions of ${INVITER}` }).waitFor();
    expect(Object.values(await countsOf(controlsBeyondInviter(memberPage)))).toEqual(
      Object.values(ownerCounts).map(() => 0),
    );
    await button('Leave organization').waitFor();
    // It invites only with the roles it holds whole: member (roles:read) and its own.
    const choices = await memberPage
      .getByLabel('Role', { exact: true })
      .evaluate((select: HTMLSelectElement) => Array.from(select.options, (option) => option.value));
    expect(choices).toEqual(['member', INVITER]);

    // What it allows works: the member cancels the owner's invitation.
    await memberPage.getByRole('button', { name: `Cancel the invitation of ${invitee}` }).click();
    await toasts(memberPage).getByText('Invitation cancelled', { exact: true }).waitFor();
    await memberPage.getByText('No pending invitations.').waitFor();

    // The server refuses the rest: a role change asked directly.
    const ownerMember = await memberContext.request.get(
      `${t.baseURL}/api/v1/organizations/${organization.id}/members?search=${encodeURIComponent(owner.email)}`,
    );
    expect(ownerMember.status(), await ownerMember.text()).toBe(200);
    const ownerMemberId = ((await ownerMember.json()) as { data: { id: string }[] }).data[0]!.id;
    const refused = await memberContext.request.post(`${t.baseURL}/api/auth/organization/update-member-role`, {
      data: { organizationId: organization.id, memberId: ownerMemberId, role: INVITER },
      headers: { origin: t.baseURL },
    });
    expect(refused.status(), await refused.text()).toBe(403);
    const policies = await memberContext.request.put(`${t.baseURL}/api/v1/organizations/${organization.id}/policies`, {
      data: { requireTwoFactor: false, invitationDomains: ['example.com'] },
      headers: { origin: t.baseURL },
    });
    expect(policies.status(), await policies.text()).toBe(403);
    expect(((await policies.json()) as { code: string }).code).toBe('ORGANIZATION_PERMISSION_DENIED');

    // The role is in use: deleting it is refused, in words, and it stays.
    await page.reload();
    const held = await unfoldRole(page, INVITER);
    t.expectRefusal(409, '/api/auth/organization/delete-role');
    await held.getByRole('button', { name: `Delete role ${INVITER}` }).click();
    await confirmWith(
      page,
      'Delete role',
      `Delete the role ${INVITER}? Members and invitations that hold it must be given another role first.`,
    );
    await expect.poll(() => held.getByRole('alert').textContent()).toBe(ERROR_CODES.ROLE_IN_USE);
    expect(await held.getByRole('table', { name: `Permissions of ${INVITER}` }).count()).toBe(1);

    // Its permissions change while it is held.
    await held.getByRole('button', { name: 'Edit permissions' }).click();
    const edit = page.getByRole('form', { name: `Edit role ${INVITER}` });
    await edit.getByRole('checkbox', { name: 'Teams: create', exact: true }).check();
    await edit.getByRole('button', { name: 'Save permissions' }).click();
    await toast('Role saved').waitFor();
    const saved = held.getByRole('table', { name: `Permissions of ${INVITER}` });
    await expect.poll(() => saved.getByRole('checkbox', { name: 'Teams: create', exact: true }).isChecked()).toBe(true);

    // Once its holder has another role, it goes.
    await page.getByLabel(`Role of ${member.email}`).selectOption('member');
    await toast(`${member.email} is now member`).waitFor();
    await held.getByRole('button', { name: `Delete role ${INVITER}` }).click();
    await confirmWith(
      page,
      'Delete role',
      `Delete the role ${INVITER}? Members and invitations that hold it must be given another role first.`,
    );
    await toast('Role deleted').waitFor();
    await rolesCard(page).getByText('No custom roles yet.').waitFor();
  });
});
