import { NavLink, Outlet } from 'react-router';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';

const tabClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'border-b-2 px-4 py-2 text-sm font-medium',
    isActive ? 'border-indigo-600 text-indigo-700' : 'border-transparent text-slate-600 hover:text-slate-900',
  );

export function Component() {
  return (
    <section>
      <h1 className="text-2xl font-semibold tracking-tight">Admin Dashboard</h1>
      <nav aria-label="Admin" className="mt-4 flex gap-2 border-b border-slate-200">
        <NavLink to={paths.adminUsers} className={tabClass}>
          Users
        </NavLink>
        <NavLink to={paths.adminOrganizations} className={tabClass}>
          Organizations
        </NavLink>
        <NavLink to={paths.adminOutbox} className={tabClass}>
          Outbox
        </NavLink>
      </nav>
      <div className="pt-6">
        <Outlet />
      </div>
    </section>
  );
}
