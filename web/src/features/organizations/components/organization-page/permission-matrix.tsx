import {
  can,
  ORGANIZATION_RESOURCES,
  type OrganizationPermissions,
  type OrganizationResource,
} from '#common/organization-roles';
import { organizationStatements } from '#common/permissions';

/** What people call each resource of the organization's access control. */
export const RESOURCE_LABELS: Record<OrganizationResource, string> = {
  organization: 'Organization',
  member: 'Members',
  invitation: 'Invitations',
  team: 'Teams',
  ac: 'Roles',
};

type Action = (typeof organizationStatements)[OrganizationResource][number];

/** The matrix's columns: every action some resource has, in the order the statements first name them. */
const ACTIONS = [...new Set(ORGANIZATION_RESOURCES.flatMap((resource) => organizationStatements[resource]))];

const actionsOf = (resource: OrganizationResource) => organizationStatements[resource] as readonly Action[];

/** `permissions` with one cell turned on or off; a resource left with no action is dropped. */
function toggled(permissions: OrganizationPermissions, resource: OrganizationResource, action: Action, on: boolean) {
  const held = (permissions[resource] ?? []) as Action[];
  const actions = actionsOf(resource).filter((candidate) => (candidate === action ? on : held.includes(candidate)));
  const next: Record<string, Action[]> = { ...permissions };
  if (actions.length > 0) next[resource] = actions;
  else delete next[resource];
  return next as OrganizationPermissions;
}

/**
 * A role's permissions as a table: a row per resource, a column per action, a checkbox in each cell
 * the resource has, named "<Resource>: <action>". Without `onChange` it only shows them. With it,
 * cells outside `grantable` (what the editor holds) stay disabled: nobody is offered a permission to
 * give that the server would refuse (decision 0096). It scrolls sideways inside its box on a narrow
 * screen.
 */
export function PermissionMatrix({
  label,
  value,
  onChange,
  grantable,
  describedBy,
}: {
  /** The table's accessible name ("Permissions of inviter"). */
  label: string;
  value: OrganizationPermissions;
  onChange?: (next: OrganizationPermissions) => void;
  grantable?: OrganizationPermissions;
  describedBy?: string | undefined;
}) {
  return (
    <div className="overflow-x-auto rounded-md border border-border">
      <table className="w-full text-left text-sm" aria-label={label} aria-describedby={describedBy}>
        <thead className="border-b border-border bg-muted/50 text-xs text-muted-foreground">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Resource
            </th>
            {ACTIONS.map((action) => (
              <th key={action} scope="col" className="px-3 py-2 text-center font-medium capitalize">
                {action}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-separator">
          {ORGANIZATION_RESOURCES.map((resource) => (
            <tr key={resource}>
              <th scope="row" className="px-3 py-2 font-medium whitespace-nowrap">
                {RESOURCE_LABELS[resource]}
              </th>
              {ACTIONS.map((action) => (
                <td key={action} className="px-3 py-2 text-center">
                  {actionsOf(resource).includes(action) && (
                    <input
                      type="checkbox"
                      className="size-4 align-middle"
                      aria-label={`${RESOURCE_LABELS[resource]}: ${action}`}
                      checked={can(value, resource, action)}
                      disabled={!onChange || !can(grantable, resource, action)}
                      onChange={(event) => onChange?.(toggled(value, resource, action, event.target.checked))}
                    />
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
