import { useState } from 'react';
import { mainOrganizationRole, type AdminOrganizationMember } from '#common/admin';
import { ORGANIZATION_ROLES, type OrganizationRole } from '#common/roles';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import type { Column } from '@/components/ui/data-table';
import { Select } from '@/components/ui/select';
import { formatDate } from '@/lib/format';
import { useRemoveMember } from '../api/remove-member';
import { useSetMemberRole } from '../api/set-member-role';
import { DetailTableCard } from './detail-table-card';

const ROLE_LABELS: Record<OrganizationRole, string> = { owner: 'Owner', admin: 'Admin', member: 'Member' };

/**
 * The organization's members with a role select and Remove each. The server keeps the last owner
 * (a refusal is a toast, and the select shows the stored role again).
 */
export function OrganizationMembersCard({
  organization,
  members,
}: {
  organization: { id: string; name: string };
  members: AdminOrganizationMember[];
}) {
  const setRole = useSetMemberRole(organization.id);
  const remove = useRemoveMember(organization.id);
  const [removing, setRemoving] = useState<AdminOrganizationMember | null>(null);
  const busy = setRole.isPending || remove.isPending;

  const columns: Column<AdminOrganizationMember>[] = [
    {
      header: 'Member',
      cell: (member) => (
        <div className="flex items-center gap-3">
          <Avatar name={member.name} email={member.email} image={member.image} />
          <div className="min-w-0">
            <p className="font-medium">{member.name || member.email}</p>
            <p className="text-xs text-slate-500 dark:text-slate-400">{member.email}</p>
          </div>
        </div>
      ),
    },
    {
      header: 'Role',
      cell: (member) => (
        <Select
          aria-label={`Role of ${member.email}`}
          value={mainOrganizationRole(member.role)}
          disabled={busy}
          className="w-32"
          onChange={(event) =>
            setRole.mutate({
              memberId: member.id,
              email: member.email,
              role: event.target.value as OrganizationRole,
            })
          }
        >
          {ORGANIZATION_ROLES.map((role) => (
            <option key={role} value={role}>
              {ROLE_LABELS[role]}
            </option>
          ))}
        </Select>
      ),
    },
    { header: 'Joined', cell: (member) => formatDate(member.createdAt) },
    {
      header: 'Actions',
      cell: (member) => (
        <Button
          variant="danger-ghost"
          size="sm"
          aria-label={`Remove ${member.email}`}
          disabled={busy}
          onClick={() => setRemoving(member)}
        >
          Remove
        </Button>
      ),
    },
  ];

  return (
    <DetailTableCard
      title="Members"
      description="Changing a role or removing someone takes effect at once."
      columns={columns}
      rows={members}
      empty="No members."
      rowTestId="member-row"
    >
      {removing && (
        <ConfirmDialog
          title="Remove member"
          message={`Remove ${removing.email} from ${organization.name}? Their places in its teams go too. Their account stays.`}
          confirmLabel="Remove"
          onConfirm={() => remove.mutate({ memberId: removing.id, email: removing.email })}
          onClose={() => setRemoving(null)}
        />
      )}
    </DetailTableCard>
  );
}
