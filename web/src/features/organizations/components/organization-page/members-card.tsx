import { can } from '#common/organization-roles';
import type { OrganizationDetail, OrganizationMember } from '#common/organization-page';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { ConfirmButton } from '@/components/ui/confirm-button';
import { DataTable, type Column } from '@/components/ui/data-table';
import { Pagination } from '@/components/ui/pagination';
import { SearchField } from '@/components/ui/search-field';
import { Select } from '@/components/ui/select';
import { formatDate, shortName } from '@/lib/format';
import { useRemoveMember } from '@/features/organizations/api/remove-member';
import { useUpdateMemberRole } from '@/features/organizations/api/update-member-role';
import { useMemberPages } from '@/features/organizations/hooks/use-member-pages';
import { roleLabel, withinChoices } from '@/features/organizations/utils/role-choices';

function MemberRole({
  member,
  choices,
  changeable,
  busy,
  onChange,
}: {
  member: OrganizationMember;
  choices: readonly string[];
  changeable: boolean;
  busy: boolean;
  onChange: (role: string) => void;
}) {
  // Several roles at once ("admin,editor") are shown as they are: the select gives one.
  if (!changeable || !choices.includes(member.role)) return <Badge>{roleLabel(member.role)}</Badge>;
  return (
    <Select
      aria-label={`Role of ${member.email}`}
      value={member.role}
      disabled={busy}
      className="w-28 sm:w-36"
      onChange={(event) => onChange(event.target.value)}
    >
      {choices.map((role) => (
        <option key={role} value={role}>
          {roleLabel(role)}
        </option>
      ))}
    </Select>
  );
}

/**
 * The organization's members, searched and paged on the server, with their role and when they
 * joined. Those whose role allows it change another member's role (among the roles they may give)
 * or remove them; nobody does either to themselves here (leaving is in the danger zone). While the
 * two-factor policy is on, those who may change members see who has no two-factor, and may list
 * only them.
 */
export function MembersCard({ organization, choices }: { organization: OrganizationDetail; choices: string[] }) {
  const changesRoles = can(organization.permissions, 'member', 'update');
  const removes = can(organization.permissions, 'member', 'delete');
  const showsTwoFactor = organization.policies.requireTwoFactor && changesRoles;
  const pages = useMemberPages(organization.id, showsTwoFactor);
  const setRole = useUpdateMemberRole(organization.id);
  const remove = useRemoveMember(organization.id);
  const busy = setRole.isPending || remove.isPending;
  const filtered = pages.search.trim() !== '' || pages.withoutTwoFactor;
  const manageable = (member: OrganizationMember) =>
    member.id !== organization.memberId && withinChoices(member.role, choices);

  const columns: Column<OrganizationMember>[] = [
    {
      header: 'Member',
      cell: (member) => (
        <div className="flex min-w-44 items-center gap-3">
          <Avatar name={member.name} email={member.email} image={member.image} />
          <div className="min-w-0">
            <p className="font-medium [overflow-wrap:anywhere]">
              {member.name || member.email}
              {member.id === organization.memberId && <span className="text-muted-foreground"> (you)</span>}
            </p>
            <p className="text-xs break-all text-muted-foreground">{member.email}</p>
            {showsTwoFactor && member.twoFactorEnabled === false && <Badge tone="amber">No two-factor</Badge>}
          </div>
        </div>
      ),
    },
    {
      header: 'Role',
      cell: (member) => (
        <MemberRole
          member={member}
          choices={choices}
          changeable={changesRoles && manageable(member)}
          busy={busy}
          onChange={(role) => setRole.mutate({ memberId: member.id, email: member.email, role })}
        />
      ),
    },
    { header: 'Joined', cell: (member) => formatDate(member.createdAt), className: 'whitespace-nowrap' },
  ];
  // No column of nothing: only while a member on the page may be removed.
  if (removes && pages.rows?.some(manageable)) {
    columns.push({
      header: 'Actions',
      cell: (member) =>
        manageable(member) && (
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
                    if (pages.rows?.length === 1) pages.previous();
                  },
                },
              )
            }
          >
            Remove
          </ConfirmButton>
        ),
    });
  }

  return (
    <Card
      title="Members"
      description={
        pages.rows && `${pages.total} ${pages.total === 1 ? 'member' : 'members'}${filtered ? ' found' : ''}`
      }
    >
      <div className="space-y-4">
        <div className="flex flex-wrap items-center gap-3" role="search">
          <SearchField
            id="organization-member-search"
            label="Search members"
            placeholder="Search by name or email"
            value={pages.search}
            maxLength={100}
            onChange={(event) => pages.setSearch(event.target.value)}
          />
          {showsTwoFactor && (
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4 accent-primary"
                checked={pages.withoutTwoFactor}
                onChange={(event) => pages.setWithoutTwoFactor(event.target.checked)}
              />
              Without two-factor
            </label>
          )}
        </div>
        <DataTable
          label="Members"
          columns={columns}
          rows={pages.rows}
          rowKey={(member) => member.id}
          isPending={pages.members.isPending}
          error={pages.members.error?.message}
          empty="No members found."
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
      </div>
    </Card>
  );
}
