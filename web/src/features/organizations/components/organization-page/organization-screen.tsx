import { Link } from 'react-router';
import { can } from '#common/organization-roles';
import type { OrganizationDetail } from '#common/organization-page';
import { isOwnerRole } from '#common/roles';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { ErrorBox } from '@/components/ui/error-box';
import { Notice } from '@/components/ui/notice';
import { PageTitle } from '@/components/ui/page-title';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { shortName } from '@/lib/format';
import {
  isOrganizationNotFound,
  requiresTwoFactor,
  useOrganization,
} from '@/features/organizations/api/get-organization';
import { roleLabel } from '@/features/organizations/utils/role-choices';
import { DangerZoneCard } from './danger-zone-card';
import { InvitationsCard } from './invitations-card';
import { MembersCard } from './members-card';
import { PoliciesCard } from './policies-card';
import { RolesCard } from './roles-card';
import { SettingsCard } from './settings-card';

const backLink = (
  <Link to={paths.organizations} className="text-sm text-accent hover:underline">
    Back to organizations
  </Link>
);

function Header({ organization }: { organization: OrganizationDetail }) {
  return (
    <div className="space-y-3">
      {backLink}
      <div className="flex flex-wrap items-center gap-4">
        <Avatar name={organization.name} image={organization.logo} size="lg" />
        <div className="min-w-0 flex-1 space-y-1">
          <h1 className="text-2xl font-semibold tracking-tight break-words">{shortName(organization.name)}</h1>
          <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            <span className="font-mono break-all">{organization.slug}</span>
            <Badge tone={isOwnerRole(organization.role) ? 'indigo' : 'slate'}>{roleLabel(organization.role)}</Badge>
          </p>
        </div>
      </div>
    </div>
  );
}

/**
 * Everything the caller's role allows here, and nothing it does not: each card asks the permissions
 * the server answered for this organization (custom roles included). The server refuses regardless.
 */
export function OrganizationPage({ organization }: { organization: OrganizationDetail }) {
  const choices = organization.grantableRoles;
  const { permissions } = organization;
  const seesInvitations = can(permissions, 'invitation', 'create') || can(permissions, 'invitation', 'cancel');
  return (
    <div className="space-y-6">
      <Header organization={organization} />
      <MembersCard organization={organization} choices={choices} />
      {seesInvitations && <InvitationsCard organization={organization} choices={choices} />}
      {can(permissions, 'organization', 'update') && (
        <>
          <SettingsCard organization={organization} />
          <PoliciesCard organization={organization} />
        </>
      )}
      {can(permissions, 'ac', 'read') && <RolesCard organization={organization} />}
      <DangerZoneCard organization={organization} />
    </div>
  );
}

function OrganizationBody({ query }: { query: ReturnType<typeof useOrganization> }) {
  if (query.isPending) return <Spinner />;
  if (query.error) {
    if (requiresTwoFactor(query.error)) {
      return (
        <div className="space-y-3">
          <h1 className="text-2xl font-semibold tracking-tight">Two-factor authentication required</h1>
          <Notice tone="warning">{query.error.message}</Notice>
          <Link to={paths.profileTwoFactor} className="text-sm text-accent hover:underline">
            Turn on two-factor authentication
          </Link>
        </div>
      );
    }
    if (!isOrganizationNotFound(query.error)) return <ErrorBox message={query.error.message} />;
    return (
      <div className="space-y-3">
        <h1 className="text-2xl font-semibold tracking-tight">Organization not found</h1>
        <p className="text-sm text-secondary-foreground">It does not exist, or you are not one of its members.</p>
        {backLink}
      </div>
    );
  }
  return <OrganizationPage organization={query.data} />;
}

/** One of the caller's organizations: its members, invitations, settings, policies, roles and danger zone. */
export function OrganizationScreen({ organizationId }: { organizationId: string }) {
  const query = useOrganization(organizationId);
  const title = query.data
    ? shortName(query.data.name)
    : query.error && isOrganizationNotFound(query.error)
      ? 'Organization not found'
      : 'Organization';
  return (
    <>
      <PageTitle>{`${title} · Organizations`}</PageTitle>
      <OrganizationBody query={query} />
    </>
  );
}
