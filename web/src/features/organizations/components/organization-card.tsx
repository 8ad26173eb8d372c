import { ChevronDown, ChevronRight, Users } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { can } from '#common/organization-roles';
import { Badge } from '@/components/ui/badge';
import type { MyOrganization } from '../api/get-my-organizations';
import { OrganizationFacts } from './organization-facts';
import { OrganizationTeams } from './organization-teams';
import { paths } from '@/config/paths';
import { shortName } from '@/lib/format';

/** One of the caller's organizations: opens on its facts, its teams and the link to its own page. */
export function OrganizationCard({ organization }: { organization: MyOrganization }) {
  const [open, setOpen] = useState(false);
  // Spec: the role defaults to member when no membership is found.
  const role = organization.role || 'member';
  // The permissions the server answered (custom roles included), so nothing shows that it would refuse.
  const managesTeams = can(organization.permissions, 'team', 'create');

  return (
    <li className="rounded-xl border border-border bg-surface shadow-sm">
      <button
        type="button"
        className="flex w-full items-center gap-3 px-5 py-4 text-left"
        aria-expanded={open}
        onClick={() => setOpen((shown) => !shown)}
      >
        {open ? <ChevronDown className="size-4" aria-hidden /> : <ChevronRight className="size-4" aria-hidden />}
        <span className="flex-1 font-medium break-all">{shortName(organization.name)}</span>
        <Badge tone={managesTeams ? 'indigo' : 'slate'}>{role}</Badge>
        <span className="flex items-center gap-1 text-sm text-muted-foreground">
          <Users className="size-4" aria-hidden /> {organization.memberCount}
        </span>
      </button>
      {open && (
        <div className="border-t border-separator px-5 py-4">
          <OrganizationFacts organization={organization} />
          <Link
            to={paths.organization(organization.id)}
            className="mt-4 inline-block text-sm font-medium text-accent hover:underline"
          >
            Open organization
          </Link>
          <OrganizationTeams organization={organization} managesTeams={managesTeams} />
        </div>
      )}
    </li>
  );
}
