import { describe, expect, test, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import type { CustomRole, OrganizationPermissions } from '#common/organization-roles';
import { RoleForm } from './role-form';

const OWNER: OrganizationPermissions = {
  organization: ['update', 'delete'],
  member: ['create', 'update', 'delete'],
  invitation: ['create', 'cancel'],
  team: ['create', 'update', 'delete'],
  ac: ['create', 'read', 'update', 'delete'],
};

const nameField = () => page.getByRole('textbox', { name: 'Role name' });
const cell = (name: string) => page.getByRole('checkbox', { name, exact: true });

async function renderForm(props: { role?: CustomRole; grantable?: OrganizationPermissions; error?: string } = {}) {
  const onSubmit = vi.fn();
  const onCancel = vi.fn();
  await render(
    <RoleForm
      role={props.role}
      grantable={props.grantable ?? OWNER}
      onSubmit={onSubmit}
      onCancel={onCancel}
      pending={false}
      error={props.error}
    />,
  );
  return { onSubmit, onCancel };
}

describe('RoleForm, a new role', () => {
  test('the name is checked by the shared rule, with its messages, and nothing is sent', async () => {
    const { onSubmit } = await renderForm();
    const create = page.getByRole('button', { name: 'Create role' });
    await cell('Invitations: create').click();
    const cases: [string, string][] = [
      ['', 'Role name is 2 to 32 characters'],
      ['x', 'Role name is 2 to 32 characters'],
      ['Inviter', 'Role name is lower-case letters, digits and hyphens, starting with a letter'],
      ['9lives', 'Role name is lower-case letters, digits and hyphens, starting with a letter'],
      ['admin', 'owner, admin and member are built-in roles'],
    ];
    for (const [typed, message] of cases) {
      await userEvent.fill(nameField(), typed);
      await create.click();
      await expect.element(nameField()).toHaveAttribute('aria-invalid', 'true');
      await expect.element(nameField()).toHaveAccessibleDescription(message);
    }
    expect(onSubmit).not.toHaveBeenCalled();
  });

  test('a role without any permission is refused under the matrix', async () => {
    const { onSubmit } = await renderForm();
    await userEvent.fill(nameField(), 'inviter');
    await page.getByRole('button', { name: 'Create role' }).click();
    await expect.element(page.getByText('Choose at least one permission')).toBeVisible();
    await expect
      .element(page.getByRole('table', { name: 'Permissions of the new role' }))
      .toHaveAccessibleDescription(/Choose at least one permission/);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  test('sends the trimmed name and the ticked permissions, grouped by resource', async () => {
    const { onSubmit } = await renderForm();
    await userEvent.fill(nameField(), '  inviter ');
    await cell('Invitations: cancel').click();
    await cell('Invitations: create').click();
    await cell('Teams: create').click();
    await cell('Teams: create').click();
    await page.getByRole('button', { name: 'Create role' }).click();
    await vi.waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ role: 'inviter', permission: { invitation: ['create', 'cancel'] } }),
    );
  });

  test('what the editor does not hold cannot be ticked; the server’s refusal shows; Cancel cancels', async () => {
    const { onCancel } = await renderForm({
      grantable: { invitation: ['create', 'cancel'], ac: ['create', 'read'] },
      error: 'You can only give, change or edit roles whose permissions you hold yourself',
    });
    await expect
      .element(page.getByRole('alert'))
      .toHaveTextContent('You can only give, change or edit roles whose permissions you hold yourself');
    await expect.element(cell('Invitations: cancel')).toBeEnabled();
    await expect.element(cell('Roles: read')).toBeEnabled();
    await expect.element(cell('Members: delete')).toBeDisabled();
    await expect.element(cell('Organization: update')).toBeDisabled();
    await expect.element(cell('Roles: delete')).toBeDisabled();
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect(onCancel).toHaveBeenCalledOnce();
  });
});

describe('RoleForm, a role edited', () => {
  const role: CustomRole = {
    id: 'role-1',
    role: 'inviter',
    permission: { invitation: ['create', 'cancel'] },
    createdAt: '2026-11-28T12:00:00.000Z',
  };

  test('starts from its permissions, keeps its name, and sends the new permissions', async () => {
    const { onSubmit } = await renderForm({ role });
    expect(page.getByRole('textbox', { name: 'Role name' }).elements()).toHaveLength(0);
    await expect.element(page.getByRole('form', { name: 'Edit role inviter' })).toBeVisible();
    await expect.element(cell('Invitations: create')).toBeChecked();
    await expect.element(cell('Invitations: cancel')).toBeChecked();
    await cell('Invitations: cancel').click();
    await cell('Members: create').click();
    await page.getByRole('button', { name: 'Save permissions' }).click();
    await vi.waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({
        role: 'inviter',
        permission: { member: ['create'], invitation: ['create'] },
      }),
    );
  });
});
