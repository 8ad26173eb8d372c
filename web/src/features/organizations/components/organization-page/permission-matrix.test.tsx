import { useState } from 'react';
import { describe, expect, test, vi } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import type { OrganizationPermissions } from '#common/organization-roles';
import { PermissionMatrix } from './permission-matrix';

const cell = (name: string) => page.getByRole('checkbox', { name, exact: true });

/** An admin's permissions: everything but deleting the organization. */
const ADMIN: OrganizationPermissions = {
  organization: ['update'],
  member: ['create', 'update', 'delete'],
  invitation: ['create', 'cancel'],
  team: ['create', 'update', 'delete'],
  ac: ['create', 'read', 'update', 'delete'],
};

function Editable({
  grantable,
  onChange,
}: {
  grantable: OrganizationPermissions;
  onChange: (next: OrganizationPermissions) => void;
}) {
  const [value, setValue] = useState<OrganizationPermissions>({ invitation: ['create'] });
  return (
    <PermissionMatrix
      label="Permissions of the new role"
      value={value}
      grantable={grantable}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

describe('PermissionMatrix', () => {
  test('a table of resources by actions, a labelled checkbox only in the cells that exist', async () => {
    await render(<PermissionMatrix label="Permissions of member" value={{ ac: ['read'] }} />);
    const table = page.getByRole('table', { name: 'Permissions of member' });
    await expect.element(table).toBeVisible();
    for (const header of ['Resource', 'update', 'delete', 'create', 'cancel', 'read']) {
      await expect.element(page.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
    }
    for (const header of ['Organization', 'Members', 'Invitations', 'Teams', 'Roles']) {
      await expect.element(page.getByRole('rowheader', { name: header, exact: true })).toBeVisible();
    }
    // 2 + 3 + 2 + 3 + 4 actions in the statements.
    expect(page.getByRole('checkbox').elements()).toHaveLength(14);
    await expect.element(cell('Roles: read')).toBeChecked();
    await expect.element(cell('Invitations: create')).not.toBeChecked();
    expect(page.getByRole('checkbox', { name: 'Invitations: update' }).elements()).toHaveLength(0);
    // Without onChange it only shows: every cell is disabled.
    for (const checkbox of page.getByRole('checkbox').elements()) expect(checkbox).toBeDisabled();
  });

  test('cells the editor does not hold are disabled; the others toggle, a resource left empty is dropped', async () => {
    const onChange = vi.fn();
    await render(<Editable grantable={ADMIN} onChange={onChange} />);
    await expect.element(cell('Organization: delete')).toBeDisabled();
    await expect.element(cell('Organization: update')).toBeEnabled();
    await expect.element(cell('Teams: delete')).toBeEnabled();

    await cell('Invitations: cancel').click();
    expect(onChange).toHaveBeenLastCalledWith({ invitation: ['create', 'cancel'] });
    await cell('Teams: update').click();
    expect(onChange).toHaveBeenLastCalledWith({ invitation: ['create', 'cancel'], team: ['update'] });
    await cell('Teams: update').click();
    expect(onChange).toHaveBeenLastCalledWith({ invitation: ['create', 'cancel'] });
    await expect.element(cell('Teams: update')).not.toBeChecked();
  });

  test('a member editing roles is offered only the one permission it holds', async () => {
    await render(<Editable grantable={{ ac: ['read'] }} onChange={vi.fn()} />);
    const enabled = page
      .getByRole('checkbox')
      .elements()
      .filter((checkbox) => !(checkbox as HTMLInputElement).disabled)
      .map((checkbox) => checkbox.getAttribute('aria-label'));
    expect(enabled).toEqual(['Roles: read']);
  });
});
