import { Outlet } from 'react-router';
import { NavLinks } from '@/components/ui/nav-links';
import { paths } from '@/config/paths';

const TABS = [
  { to: paths.adminOverview, label: 'Overview' },
  { to: paths.adminUsers, label: 'Users' },
  { to: paths.adminOrganizations, label: 'Organizations' },
  { to: paths.adminOutbox, label: 'Outbox' },
  { to: paths.adminAudit, label: 'Audit' },
] as const;

export function Component() {
  return (
    <section>
      <h1 className="text-2xl font-semibold tracking-tight">Admin Dashboard</h1>
      <NavLinks label="Admin" look="tab" links={TABS} className="mt-4" />
      <div className="pt-6">
        <Outlet />
      </div>
    </section>
  );
}
