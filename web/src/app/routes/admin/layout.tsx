import { Outlet, useLocation } from 'react-router';
import { NavLinks } from '@/components/ui/nav-links';
import { PageTitle } from '@/components/ui/page-title';
import { paths } from '@/config/paths';

const TABS = [
  { to: paths.adminOverview, label: 'Overview' },
  { to: paths.adminUsers, label: 'Users' },
  { to: paths.adminOrganizations, label: 'Organizations' },
  { to: paths.adminApplications, label: 'Applications' },
  { to: paths.adminOutbox, label: 'Outbox' },
  { to: paths.adminAudit, label: 'Audit' },
] as const;

export function Component() {
  const { pathname } = useLocation();
  const tab = TABS.find(({ to }) => pathname === to || pathname.startsWith(`${to}/`));
  // A screen below a tab (an organization) names the tab itself, after its own name.
  const nested = tab !== undefined && pathname !== tab.to;
  return (
    <section>
      {!nested && <PageTitle>{tab ? `${tab.label} · Admin` : 'Admin'}</PageTitle>}
      <h1 className="text-2xl font-semibold tracking-tight">Admin Dashboard</h1>
      <NavLinks label="Admin" look="tab" links={TABS} className="mt-4" />
      <div className="pt-6">
        <Outlet />
      </div>
    </section>
  );
}
