import { ChevronRight, Plus } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { OrganizationDetail } from '#common/organization-page';
import {
  BUILT_IN_ORGANIZATION_ROLES,
  can,
  CUSTOM_ROLES_MAX,
  holdsAll,
  permissionsOfRoles,
  type CustomRole,
  type OrganizationPermissions,
} from '#common/organization-roles';
import { parseRoles } from '#common/roles';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmButton } from '@/components/ui/confirm-button';
import { ErrorBox } from '@/components/ui/error-box';
import { QueryView } from '@/components/ui/query-view';
import { useCreateRole } from '@/features/organizations/api/create-role';
import { useDeleteRole } from '@/features/organizations/api/delete-role';
import { useOrganizationRoles } from '@/features/organizations/api/get-organization-roles';
import { useUpdateRole } from '@/features/organizations/api/update-role';
import { PermissionMatrix } from './permission-matrix';
import { RoleForm } from './role-form';

const LIMIT_NOTE_ID = 'custom-roles-limit';

const countOf = (permissions: OrganizationPermissions) => {
  const count = Object.values(permissions).reduce((sum, actions) => sum + (actions?.length ?? 0), 0);
  return `${count} ${count === 1 ? 'permission' : 'permissions'}`;
};

/** One role, folded: its name, badges and how many permissions; unfolded, its matrix and what the caller may do with it. */
function RoleItem({
  name,
  permissions,
  badges,
  children,
}: {
  name: string;
  permissions: OrganizationPermissions;
  badges: ReactNode;
  children: ReactNode;
}) {
  return (
    <li>
      <details className="group">
        <summary className="flex cursor-pointer flex-wrap items-center gap-2 px-3 py-2 text-sm">
          <ChevronRight
            className="size-4 text-muted-foreground transition-transform group-open:rotate-90"
            aria-hidden
          />
          <span className="font-medium">{name}</span>
          {badges}
          <span className="text-xs text-muted-foreground">{countOf(permissions)}</span>
        </summary>
        <div className="space-y-3 px-3 pb-3">{children}</div>
      </details>
    </li>
  );
}

function NewRole({ organization, onDone }: { organization: OrganizationDetail; onDone: () => void }) {
  const create = useCreateRole();
  return (
    <div className="mb-4 rounded-md border border-border p-4">
      <RoleForm
        grantable={organization.permissions}
        pending={create.isPending}
        error={create.error?.message}
        onCancel={onDone}
        onSubmit={({ role, permission }) =>
          create.mutate({ organizationId: organization.id, role, permission }, { onSuccess: onDone })
        }
      />
    </div>
  );
}

/** A custom role: its matrix, Edit permissions (ac:update, for a role within the caller's own) and Delete (ac:delete). */
function CustomRoleItem({
  organization,
  role,
  mine,
}: {
  organization: OrganizationDetail;
  role: CustomRole;
  mine: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const update = useUpdateRole();
  const remove = useDeleteRole();
  const held = organization.permissions;
  const withinMine = holdsAll(held, role.permission);
  return (
    <RoleItem
      name={role.role}
      permissions={role.permission}
      badges={
        <>
          <Badge tone="indigo">Custom</Badge>
          {mine && <Badge tone="green">Your role</Badge>}
        </>
      }
    >
      <ErrorBox message={remove.error?.message} />
      {editing ? (
        <RoleForm
          role={role}
          grantable={held}
          pending={update.isPending}
          error={update.error?.message}
          onCancel={() => {
            update.reset();
            setEditing(false);
          }}
          onSubmit={({ permission }) =>
            update.mutate(
              { organizationId: organization.id, roleId: role.id, permission },
              { onSuccess: () => setEditing(false) },
            )
          }
        />
      ) : (
        <>
          <PermissionMatrix label={`Permissions of ${role.role}`} value={role.permission} />
          <div className="flex flex-wrap items-center gap-2">
            {can(held, 'ac', 'update') &&
              (withinMine ? (
                <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
                  Edit permissions
                </Button>
              ) : (
                <p className="text-xs text-muted-foreground">
                  This role holds permissions you do not, so only someone who holds them can edit it.
                </p>
              ))}
            {can(held, 'ac', 'delete') && (
              <ConfirmButton
                variant="danger-ghost"
                size="sm"
                aria-label={`Delete role ${role.role}`}
                title="Delete role"
                question={`Delete the role ${role.role}? Members and invitations that hold it must be given another role first.`}
                confirmLabel="Delete"
                disabled={remove.isPending}
                onConfirm={() => remove.mutate({ organizationId: organization.id, roleId: role.id })}
              >
                Delete role
              </ConfirmButton>
            )}
          </div>
        </>
      )}
    </RoleItem>
  );
}

/**
 * The organization's roles, for those who may read them (ac:read): the built-in owner, admin and
 * member, read-only, and its custom roles, each with its permission matrix. Those allowed make
 * (ac:create, up to CUSTOM_ROLES_MAX), edit (ac:update) and delete (ac:delete) custom roles; the
 * server refuses a role in use and a permission the caller does not hold, and says so here.
 */
export function RolesCard({ organization }: { organization: OrganizationDetail }) {
  const [creating, setCreating] = useState(false);
  const roles = useOrganizationRoles(organization.id);
  const mine = parseRoles(organization.role);
  const atLimit = (roles.data?.length ?? 0) >= CUSTOM_ROLES_MAX;
  const mayCreate = can(organization.permissions, 'ac', 'create');
  return (
    <Card
      title="Roles"
      description="What each role may do in this organization. Custom roles sit beside the built-in owner, admin and member."
      actions={
        mayCreate &&
        !creating && (
          <Button
            variant="secondary"
            size="sm"
            disabled={atLimit || !roles.data}
            aria-describedby={atLimit ? LIMIT_NOTE_ID : undefined}
            onClick={() => setCreating(true)}
          >
            <Plus className="size-4" aria-hidden />
            {atLimit ? `Role limit reached (${CUSTOM_ROLES_MAX})` : 'New role'}
          </Button>
        )
      }
    >
      {mayCreate && atLimit && (
        <p id={LIMIT_NOTE_ID} className="mb-4 text-sm text-muted-foreground">
          An organization has at most {CUSTOM_ROLES_MAX} custom roles: delete one to make another.
        </p>
      )}
      {creating && <NewRole organization={organization} onDone={() => setCreating(false)} />}
      <ul className="divide-y divide-separator rounded-md border border-border" aria-label="Built-in roles">
        {BUILT_IN_ORGANIZATION_ROLES.map((name) => (
          <RoleItem
            key={name}
            name={name}
            permissions={permissionsOfRoles(name, [])}
            badges={
              <>
                <Badge>Built-in</Badge>
                {mine.includes(name) && <Badge tone="green">Your role</Badge>}
              </>
            }
          >
            <PermissionMatrix label={`Permissions of ${name}`} value={permissionsOfRoles(name, [])} />
          </RoleItem>
        ))}
      </ul>
      <h3 className="mt-6 mb-2 text-sm font-semibold">
        Custom roles{' '}
        {roles.data && mayCreate && (
          <span className="font-normal text-muted-foreground">
            ({roles.data.length} of {CUSTOM_ROLES_MAX})
          </span>
        )}
      </h3>
      <QueryView query={roles} empty="No custom roles yet.">
        {(customRoles) => (
          <ul className="divide-y divide-separator rounded-md border border-border" aria-label="Custom roles">
            {customRoles.map((role) => (
              <CustomRoleItem key={role.id} organization={organization} role={role} mine={mine.includes(role.role)} />
            ))}
          </ul>
        )}
      </QueryView>
    </Card>
  );
}
