import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, test } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import type { OrganizationDetail } from '#common/organization-page';
import { CUSTOM_ROLES_MAX, grantableRoles, permissionsOfRoles, type CustomRole } from '#common/organization-roles';
import { queryKeys } from '@/lib/query-keys';
import { RolesCard } from './roles-card';

const ORGANIZATION_ID = 'org-1';

const customRole = (role: string, permission: CustomRole['permission'], index = 0): CustomRole => ({
  id: `role-${index}-${role}`,
  role,
  permission,
  createdAt: '2026-11-28T12:00:00.000Z',
});

const detail = (role: string, customRoles: CustomRole[]): OrganizationDetail => ({
  id: ORGANIZATION_ID,
  name: 'Acme',
  slug: 'acme',
  logo: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  memberCount: 3,
  teamCount: 0,
  memberId: 'member-1',
  role,
  permissions: permissionsOfRoles(role, customRoles),
  grantableRoles: grantableRoles({ role, permissions: permissionsOfRoles(role, customRoles) }, customRoles),
  policies: { requireTwoFactor: false, invitationDomains: [] },
});

/**
 * The card with its roles already in the cache (fresh for the whole test), so it renders what a
 * member of that role sees without a request; the calls themselves are the end-to-end test's.
 */
async function renderCard(role: string, customRoles: CustomRole[]) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(queryKeys.organization.roles(ORGANIZATION_ID), customRoles);
  await render(
    <QueryClientProvider client={client}>
      <RolesCard organization={detail(role, customRoles)} />
    </QueryClientProvider>,
  );
}

const INVITER = customRole('inviter', { invitation: ['create', 'cancel'] });
const DANGEROUS = customRole('closer', { organization: ['delete'] }, 1);
const unfold = (name: string) => page.getByText(name, { exact: true }).click();

describe('RolesCard', () => {
  test('lists the built-in roles, read-only, with their permissions, and the custom ones', async () => {
    await renderCard('member', [INVITER]);
    await expect.element(page.getByRole('heading', { name: 'Roles', exact: true })).toBeVisible();
    for (const name of ['owner', 'admin', 'member', 'inviter']) {
      await expect.element(page.getByText(name, { exact: true })).toBeVisible();
    }
    await expect.element(page.getByText('Your role')).toBeVisible();
    await expect.element(page.getByText('14 permissions')).toBeVisible();
    await expect.element(page.getByText('1 permission', { exact: true })).toBeVisible();
    // The count against the limit is for those who may make roles.
    await expect.element(page.getByRole('heading', { name: 'Custom roles', exact: true })).toBeVisible();
    await unfold('admin');
    const admin = page.getByRole('table', { name: 'Permissions of admin' });
    await expect.element(admin.getByRole('checkbox', { name: 'Organization: update' })).toBeChecked();
    await expect.element(admin.getByRole('checkbox', { name: 'Organization: delete' })).not.toBeChecked();
    await expect.element(admin.getByRole('checkbox', { name: 'Organization: update' })).toBeDisabled();
    await unfold('inviter');
    const inviter = page.getByRole('table', { name: 'Permissions of inviter' });
    await expect.element(inviter.getByRole('checkbox', { name: 'Invitations: cancel' })).toBeChecked();
    await expect.element(inviter.getByRole('checkbox', { name: 'Members: create' })).not.toBeChecked();
  });

  test('a member (ac:read only) is offered no change at all', async () => {
    await renderCard('member', [INVITER]);
    await unfold('inviter');
    await expect.element(page.getByRole('table', { name: 'Permissions of inviter' })).toBeVisible();
    expect(page.getByRole('button', { name: 'New role' }).elements()).toHaveLength(0);
    expect(page.getByRole('button', { name: 'Edit permissions' }).elements()).toHaveLength(0);
    expect(page.getByRole('button', { name: 'Delete role inviter' }).elements()).toHaveLength(0);
  });

  test('an admin makes a role from what it holds: organization:delete stays disabled', async () => {
    await renderCard('admin', [INVITER]);
    await page.getByRole('button', { name: 'New role' }).click();
    await expect.element(page.getByRole('textbox', { name: 'Role name' })).toHaveFocus();
    const matrix = page.getByRole('table', { name: 'Permissions of the new role' });
    await expect.element(matrix.getByRole('checkbox', { name: 'Organization: delete' })).toBeDisabled();
    await expect.element(matrix.getByRole('checkbox', { name: 'Organization: update' })).toBeEnabled();
    await expect.element(matrix.getByRole('checkbox', { name: 'Teams: create' })).toBeEnabled();
    await userEvent.fill(page.getByRole('textbox', { name: 'Role name' }), 'member');
    await page.getByRole('button', { name: 'Create role' }).click();
    await expect
      .element(page.getByRole('textbox', { name: 'Role name' }))
      .toHaveAccessibleDescription('owner, admin and member are built-in roles');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect.element(page.getByRole('button', { name: 'New role' })).toBeVisible();
  });

  test('a role holding more than the caller is not offered for editing, only for deletion', async () => {
    await renderCard('admin', [INVITER, DANGEROUS]);
    await unfold('closer');
    await expect
      .element(page.getByText('This role holds permissions you do not, so only someone who holds them can edit it.'))
      .toBeVisible();
    await expect.element(page.getByRole('button', { name: 'Delete role closer' })).toBeVisible();
    await unfold('inviter');
    await page.getByRole('button', { name: 'Edit permissions' }).click();
    const form = page.getByRole('form', { name: 'Edit role inviter' });
    await expect.element(form.getByRole('checkbox', { name: 'Organization: delete' })).toBeDisabled();
    await expect.element(form.getByRole('checkbox', { name: 'Invitations: cancel' })).toBeChecked();
    await expect.element(form.getByRole('checkbox', { name: 'Invitations: cancel' })).toBeEnabled();
  });

  test('deleting asks first, in words', async () => {
    await renderCard('owner', [INVITER]);
    await unfold('inviter');
    await page.getByRole('button', { name: 'Delete role inviter' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete role' });
    await expect
      .element(dialog)
      .toHaveAccessibleDescription(
        'Delete the role inviter? Members and invitations that hold it must be given another role first.',
      );
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.element(dialog).not.toBeInTheDocument();
  });

  test(`at ${CUSTOM_ROLES_MAX} custom roles the create button says the limit is reached`, async () => {
    const many = Array.from({ length: CUSTOM_ROLES_MAX }, (_, index) =>
      customRole(`role-${index}`, { team: ['create'] }, index),
    );
    await renderCard('owner', many);
    await expect
      .element(page.getByRole('heading', { name: `Custom roles (${CUSTOM_ROLES_MAX} of ${CUSTOM_ROLES_MAX})` }))
      .toBeVisible();
    const button = page.getByRole('button', { name: `Role limit reached (${CUSTOM_ROLES_MAX})` });
    await expect.element(button).toBeDisabled();
    await expect
      .element(button)
      .toHaveAccessibleDescription(
        `An organization has at most ${CUSTOM_ROLES_MAX} custom roles: delete one to make another.`,
      );
  });
});
