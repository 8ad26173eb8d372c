import { useController } from 'react-hook-form';
import { z } from 'zod';
import {
  customRoleNameSchema,
  rolePermissionSchema,
  type CustomRole,
  type OrganizationPermissions,
} from '#common/organization-roles';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { fieldErrorId } from '@/components/ui/form-field';
import { FormTextField } from '@/components/ui/form-fields';
import { useZodForm } from '@/lib/use-zod-form';
import { PermissionMatrix } from './permission-matrix';

const permissionsSchema = rolePermissionSchema.refine(
  (permission) => Object.keys(permission).length > 0,
  'Choose at least one permission',
);

/** A new role: its name and permissions. */
const newRoleSchema = z.object({ role: customRoleNameSchema, permission: permissionsSchema });
/** A role edited: its permissions (its name stays as it is). */
const editedRoleSchema = z.object({ role: z.string(), permission: permissionsSchema });

export interface RoleFormValues {
  role: string;
  permission: OrganizationPermissions;
}

/**
 * Makes a custom role (`role` absent) or edits one's permissions: the name by its rule, then the
 * permission matrix, where only what the editor holds (`grantable`) can be ticked. `onSubmit` gets
 * the schema's output (the name trimmed, resources without actions dropped); the caller closes the
 * form once it is saved, and passes the server's refusal as `error`.
 */
export function RoleForm({
  role,
  grantable,
  onSubmit,
  onCancel,
  pending,
  error,
}: {
  role?: CustomRole;
  grantable: OrganizationPermissions;
  onSubmit: (values: RoleFormValues) => void;
  onCancel: () => void;
  pending: boolean;
  error: string | null | undefined;
}) {
  const form = useZodForm(role ? editedRoleSchema : newRoleSchema, {
    defaultValues: { role: role?.role ?? '', permission: role?.permission ?? {} },
  });
  const permission = useController({ control: form.control, name: 'permission' });
  const idPrefix = role ? `role-${role.id}` : 'new-role';
  const permissionError = permission.fieldState.error?.message;
  const noteId = `${idPrefix}-permissions-note`;
  return (
    <form
      className="space-y-4"
      aria-label={role ? `Edit role ${role.role}` : 'New role'}
      onSubmit={form.handleSubmit((values) => onSubmit(values as RoleFormValues))}
      noValidate
    >
      <ErrorBox message={error} />
      {!role && (
        <div className="max-w-xs">
          <FormTextField form={form} name="role" id={`${idPrefix}-name`} label="Role name" maxLength={32} autoFocus />
        </div>
      )}
      <fieldset className="min-w-0 space-y-2">
        <legend className="mb-1 text-sm font-medium text-secondary-foreground">Permissions</legend>
        <PermissionMatrix
          label={role ? `Permissions of ${role.role}` : 'Permissions of the new role'}
          value={(permission.field.value ?? {}) as OrganizationPermissions}
          onChange={permission.field.onChange}
          grantable={grantable}
          describedBy={permissionError ? `${noteId} ${fieldErrorId(idPrefix)}` : noteId}
        />
        <p id={noteId} className="text-xs text-muted-foreground">
          Permissions you do not hold yourself are greyed out: you cannot give them.
        </p>
        {permissionError && (
          <p id={fieldErrorId(idPrefix)} className="text-xs text-danger">
            {permissionError}
          </p>
        )}
      </fieldset>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={pending}>
          {role ? 'Save permissions' : 'Create role'}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
