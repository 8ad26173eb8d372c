import { mainOrganizationRole } from '#common/admin';
import type { AdminOrganizationMember, AdminOrganizationMemberPage } from '#common/admin-organization-members';
import { ORGANIZATION_ROLES, type OrganizationRole } from '#common/roles';
import { Avatar } from '@/components/ui/avatar';
import { Card } from '@/components/ui/card';
import { ConfirmButton } from '@/components/ui/confirm-button';
import { DataTable, type Column } from '@/components/ui/data-table';
import { Pagination } from '@/components/ui/pagination';
import { Select } from '@/components/ui/select';
import { formatDate, shortName } from '@/lib/format';
import { useRemoveMember } from '../api/remove-member';
import { useSetMemberRole } from '../api/set-member-role';
import { useMemberPages } from '../hooks/use-member-pages';

const ROLE_LABELS: Record<OrganizationRole, string> = { owner: 'Owner', admin: 'Admin', member: 'Member' };

/**
 * The organization's members by pages, with a role select and Remove each. The server keeps the last
 * owner (a refusal is a toast, and the select shows the stored role again). A change refreshes the
 * page on screen and the count; removing the last member of a later page goes back a page.
 */
export function OrganizationMembersCard({
  organization,
  firstPage,
}: {
  organization: { id: string; name: string };
  firstPage: AdminOrganizationMemberPage;
}) {
  const pages = useMemberPages(organization.id, firstPage);
  const rows = pages.members.data?.data;
  const setRole = useSetMemberRole(organization.id);
  const remove = useRemoveMember(organization.id);
  const busy = setRole.isPending || remove.isPending;

  const columns: Column<AdminOrganizationMember>[] = [
    {
      header: 'Member',
      cell: (member) => (
        <div className="flex items-center gap-3">
          <Avatar name={member.name} email={member.email} image={member.image} />
          <div className="min-w-0">
            <p className="font-medium">{member.name || member.email}</p>
            <p className="text-xs text-muted-foreground">{member.email}</p>
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
        <ConfirmButton
          variant="danger-ghost"
          size="sm"
          aria-label={`Remove ${member.email}`}
          disabled={busy}
          title="Remove member"
          question={`Remove ${member.email} from ${shortName(organization.name)}? Their places in its teams go too. Their account stays.`}
          confirmLabel="Remove"
          onConfirm={() =>
            remove.mutate(
              { memberId: member.id, email: member.email },
              {
                onSuccess: () => {
                  // The page would be empty: the one before is shown instead.
                  if (rows?.length === 1) pages.previous();
                },
              },
            )
          }
        >
          Remove
        </ConfirmButton>
      ),
    },
  ];

  return (
    <Card title="Members" description="Changing a role or removing someone takes effect at once.">
      <DataTable
        label="Members"
        columns={columns}
        rows={rows}
        rowKey={(member) => member.id}
        isPending={pages.members.isPending}
        error={pages.members.error?.message}
        empty="No members."
        rowTestId="member-row"
        footer={
          pages.pages > 1 && (
            <Pagination
              page={pages.page}
              pages={pages.pages}
              hasNext={pages.hasNext}
              onPrevious={pages.previous}
              onNext={pages.next}
            />
          )
        }
      />
    </Card>
  );
}
