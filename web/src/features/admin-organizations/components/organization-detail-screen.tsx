import { Link } from 'react-router';
import type { AdminOrganizationDetail } from '#common/admin';
import { ErrorBox } from '@/components/ui/error-box';
import { PageTitle } from '@/components/ui/page-title';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { formatDate, shortName } from '@/lib/format';
import { isOrganizationNotFound, useAdminOrganization } from '../api/get-admin-organization';
import { DeleteOrganizationCard } from './delete-organization-card';
import { OrganizationInvitationsCard } from './organization-invitations-card';
import { OrganizationMembersCard } from './organization-members-card';
import { OrganizationTeamsCard } from './organization-teams-card';

const backLink = (
  <Link to={paths.adminOrganizations} className="text-sm text-accent hover:underline">
    Back to organizations
  </Link>
);

function Facts({ detail }: { detail: AdminOrganizationDetail }) {
  const { organization } = detail;
  const facts: Array<[string, string | number, string?]> = [
    ['Slug', organization.slug, 'font-mono'],
    ['ID', organization.id, 'font-mono break-all'],
    ['Created', formatDate(organization.createdAt)],
    ['Members', detail.memberCount],
    ['Teams', detail.teams.length],
  ];
  return (
    <dl className="grid gap-3 text-sm sm:grid-cols-5">
      {facts.map(([label, value, style]) => (
        <div key={label}>
          <dt className="text-xs text-muted-foreground uppercase">{label}</dt>
          <dd className={style}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** One organization for a platform admin: its facts, members, invitations, teams, and its deletion. */
export function AdminOrganizationScreen({ organizationId }: { organizationId: string }) {
  const query = useAdminOrganization(organizationId);
  const name =
    (query.data && shortName(query.data.organization.name)) ??
    (query.error && isOrganizationNotFound(query.error) ? 'Organization not found' : 'Organization');
  return (
    <>
      <PageTitle>{`${name} · Organizations · Admin`}</PageTitle>
      <OrganizationBody query={query} />
    </>
  );
}

function OrganizationBody({ query }: { query: ReturnType<typeof useAdminOrganization> }) {
  if (query.isPending) return <Spinner />;
  if (query.error) {
    if (!isOrganizationNotFound(query.error)) return <ErrorBox message={query.error.message} />;
    return (
      <div className="space-y-3">
        <h2 className="text-xl font-semibold tracking-tight">Organization not found</h2>
        <p className="text-sm text-secondary-foreground">It does not exist, or it was deleted.</p>
        {backLink}
      </div>
    );
  }
  const detail = query.data;
  const { organization } = detail;
  return (
    <div className="space-y-6">
      <div className="space-y-3">
        {backLink}
        <h2 className="text-xl font-semibold tracking-tight break-all">{shortName(organization.name)}</h2>
        <Facts detail={detail} />
      </div>
      <OrganizationMembersCard
        // Its pages belong to this organization: another one starts on its first page.
        key={organization.id}
        organization={organization}
        firstPage={{ data: detail.members, nextCursor: detail.membersNextCursor, total: detail.memberCount }}
      />
      <OrganizationInvitationsCard organizationId={organization.id} invitations={detail.invitations} />
      <OrganizationTeamsCard teams={detail.teams} />
      <DeleteOrganizationCard organization={organization} />
    </div>
  );
}
