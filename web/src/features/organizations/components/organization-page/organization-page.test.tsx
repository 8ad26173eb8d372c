import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { grantableRoles, permissionsOfRoles, type CustomRole } from '#common/organization-roles';
import type { OrganizationDetail, OrganizationMember } from '#common/organization-page';
import { queryKeys } from '@/lib/query-keys';
import type { PendingInvitation } from '@/features/organizations/api/get-organization-invitations';
import { OrganizationPage } from './organization-screen';

const ORGANIZATION_ID = 'org-1';

const CUSTOM_ROLES: CustomRole[] = [
  {
    id: 'r1',
    role: 'inviter',
    permission: { invitation: ['create', 'cancel'], ac: ['read'] },
    createdAt: '2026-11-01T00:00:00Z',
  },
  {
    id: 'r2',
    role: 'remover',
    permission: { member: ['delete'], organization: ['delete'] },
    createdAt: '2026-11-01T00:00:00Z',
  },
];

const member = (id: string, role: string, twoFactorEnabled: boolean | null = null): OrganizationMember => ({
  id,
  userId: `user-${id}`,
  email: `${id}@example.com`,
  name: id,
  image: null,
  role,
  createdAt: '2026-11-02T10:00:00Z',
  twoFactorEnabled,
});

const INVITATIONS: PendingInvitation[] = [
  { id: 'i1', email: 'guest@example.com', role: 'admin', status: 'pending', expiresAt: '2026-12-05T00:00:00Z' },
];

/** The page as a member holding `role` sees it; the members are the caller ("me") and three others. */
async function renderPage(role: string, { requireTwoFactor = false, twoFactorKnown = false } = {}) {
  const permissions = permissionsOfRoles(role, CUSTOM_ROLES);
  const detail: OrganizationDetail = {
    id: ORGANIZATION_ID,
    name: 'Acme',
    slug: 'acme',
    logo: null,
    createdAt: '2026-11-01T00:00:00Z',
    memberCount: 4,
    teamCount: 0,
    memberId: 'me',
    role,
    permissions,
    grantableRoles: grantableRoles({ role, permissions }, CUSTOM_ROLES),
    policies: { requireTwoFactor, invitationDomains: [] },
  };
  const twoFactor = (enabled: boolean) => (twoFactorKnown ? enabled : null);
  const members = [
    member('me', role, twoFactor(true)),
    member('olivia', 'owner', twoFactor(true)),
    member('adam', 'admin', twoFactor(true)),
    member('mia', 'member', twoFactor(false)),
  ];
  // What the server would answer, already in the cache: the page asks nothing of the network.
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(queryKeys.session, { user: { id: 'user-me', emailVerified: true, isAnonymous: false } });
  client.setQueryData(queryKeys.organization.members(ORGANIZATION_ID, { search: '', cursor: '' }), {
    data: members,
    nextCursor: null,
    total: members.length,
  });
  const withoutTwoFactor = members.filter((row) => row.twoFactorEnabled === false);
  client.setQueryData(queryKeys.organization.members(ORGANIZATION_ID, { search: '', twoFactor: 'off', cursor: '' }), {
    data: withoutTwoFactor,
    nextCursor: null,
    total: withoutTwoFactor.length,
  });
  client.setQueryData(queryKeys.organizationInvitations(ORGANIZATION_ID), INVITATIONS);
  client.setQueryData(queryKeys.organization.roles(ORGANIZATION_ID), CUSTOM_ROLES);
  const router = createMemoryRouter([
    {
      path: '*',
      element: (
        <QueryClientProvider client={client}>
          <OrganizationPage organization={detail} />
        </QueryClientProvider>
      ),
    },
  ]);
  await render(<RouterProvider router={router} />);
  await expect.element(page.getByRole('heading', { name: 'Acme' })).toBeVisible();
}

const optionsOf = (label: string) =>
  [...(page.getByLabelText(label, { exact: true }).element() as HTMLSelectElement).options].map(
    (option) => option.value,
  );
const button = (name: string) => page.getByRole('button', { name, exact: true });
const region = (name: string) => page.getByRole('region', { name, exact: true });

describe('the organization page follows the permissions the server answered', () => {
  test('an owner changes and removes every other member, gives any role, and runs the organization', async () => {
    await renderPage('owner');
    expect(optionsOf('Role of adam@example.com')).toEqual(['owner', 'admin', 'member', 'inviter', 'remover']);
    expect(optionsOf('Role of olivia@example.com')).toEqual(['owner', 'admin', 'member', 'inviter', 'remover']);
    expect(optionsOf('Role')).toEqual(['owner', 'admin', 'member', 'inviter', 'remover']);
    // Never their own row: leaving is in the danger zone.
    await expect.element(page.getByLabelText('Role of me@example.com')).not.toBeInTheDocument();
    await expect.element(button('Remove me@example.com')).not.toBeInTheDocument();
    await expect.element(button('Remove mia@example.com')).toBeVisible();
    await expect.element(button('Resend the invitation of guest@example.com')).toBeVisible();
    await expect.element(button('Cancel the invitation of guest@example.com')).toBeVisible();
    await expect.element(region('Settings')).toBeVisible();
    await expect.element(region('Policies')).toBeVisible();
    await expect.element(button('Leave organization')).toBeVisible();
    await expect.element(button('Transfer ownership')).toBeVisible();
    await expect.element(button('Delete organization')).toBeVisible();
  });

  test('an admin gives no role beyond their own and leaves owners as they are', async () => {
    await renderPage('admin');
    expect(optionsOf('Role of mia@example.com')).toEqual(['admin', 'member', 'inviter']);
    expect(optionsOf('Role')).toEqual(['admin', 'member', 'inviter']);
    await expect.element(page.getByLabelText('Role of olivia@example.com')).not.toBeInTheDocument();
    await expect.element(button('Remove olivia@example.com')).not.toBeInTheDocument();
    await expect.element(button('Remove adam@example.com')).toBeVisible();
    await expect.element(region('Settings')).toBeVisible();
    await expect.element(button('Leave organization')).toBeVisible();
    await expect.element(button('Transfer ownership')).not.toBeInTheDocument();
    await expect.element(button('Delete organization')).not.toBeInTheDocument();
  });

  test('a member sees the members and may only leave', async () => {
    await renderPage('member');
    await expect.element(page.getByRole('table', { name: 'Members' }).getByText('mia@example.com')).toBeVisible();
    expect(page.getByRole('combobox').elements()).toHaveLength(0);
    expect(page.getByRole('button', { name: /^Remove / }).elements()).toHaveLength(0);
    await expect.element(region('Invitations')).not.toBeInTheDocument();
    await expect.element(region('Settings')).not.toBeInTheDocument();
    await expect.element(region('Policies')).not.toBeInTheDocument();
    await expect.element(button('Leave organization')).toBeVisible();
    await expect.element(button('Transfer ownership')).not.toBeInTheDocument();
    await expect.element(button('Delete organization')).not.toBeInTheDocument();
  });

  test('a custom role that invites offers only the roles it holds whole, and changes no member', async () => {
    await renderPage('inviter');
    expect(optionsOf('Role')).toEqual(['member', 'inviter']);
    // The pending invitation is for an admin, a role the inviter may not give: cancelled, not sent again.
    await expect.element(button('Cancel the invitation of guest@example.com')).toBeVisible();
    await expect.element(button('Resend the invitation of guest@example.com')).not.toBeInTheDocument();
    expect(page.getByRole('combobox', { name: /^Role of / }).elements()).toHaveLength(0);
    await expect.element(region('Settings')).not.toBeInTheDocument();
  });

  test('with the two-factor policy on, those who change members see who lacks it and may list only them', async () => {
    await renderPage('admin', { requireTwoFactor: true, twoFactorKnown: true });
    await expect.element(page.getByLabelText('Without two-factor')).toBeVisible();
    const row = page.getByTestId('member-row').filter({ hasText: 'mia@example.com' });
    await expect.element(row.getByText('No two-factor')).toBeVisible();
    expect(page.getByText('No two-factor').elements()).toHaveLength(1);
    await page.getByLabelText('Without two-factor').click();
    await expect.poll(() => page.getByTestId('member-row').elements().length).toBe(1);
    await expect.element(page.getByRole('region', { name: 'Members' }).getByText('1 member found')).toBeVisible();
  });

  test('with the policy off, nobody is marked and there is no filter', async () => {
    await renderPage('admin', { requireTwoFactor: false, twoFactorKnown: true });
    await expect.element(page.getByTestId('member-row').first()).toBeVisible();
    await expect.element(page.getByLabelText('Without two-factor')).not.toBeInTheDocument();
    expect(page.getByText('No two-factor').elements()).toHaveLength(0);
  });
});
