import { NavLink } from 'react-router';
import { cn } from '@/lib/cn';

const looks = {
  /** The app's main navigation: the current place on a tinted pill. */
  pill: {
    nav: 'flex gap-1',
    link: 'rounded-md px-3 py-2',
    active: 'bg-indigo-50 dark:bg-indigo-950 text-indigo-700 dark:text-indigo-300',
    idle: 'text-slate-600 dark:text-slate-300 hover:bg-slate-100 dark:hover:bg-slate-800',
  },
  /** Tabs of one screen: the current one underlined. */
  tab: {
    nav: 'flex gap-2 border-b border-slate-200 dark:border-slate-700',
    link: 'border-b-2 px-4 py-2',
    active: 'border-indigo-600 dark:border-indigo-400 text-indigo-700 dark:text-indigo-300',
    idle: 'border-transparent text-slate-600 dark:text-slate-300 hover:text-slate-900 dark:hover:text-slate-100',
  },
} as const;

/** A named navigation whose current link is marked (`aria-current="page"`) and styled as current. */
export function NavLinks({
  label,
  links,
  look,
  className,
}: {
  label: string;
  links: readonly { to: string; label: string }[];
  look: keyof typeof looks;
  /** Layout only (margins). */
  className?: string;
}) {
  const style = looks[look];
  return (
    <nav aria-label={label} className={cn(style.nav, className)}>
      {links.map((link) => (
        <NavLink
          key={link.to}
          to={link.to}
          className={({ isActive }) => cn('text-sm font-medium', style.link, isActive ? style.active : style.idle)}
        >
          {link.label}
        </NavLink>
      ))}
    </nav>
  );
}
