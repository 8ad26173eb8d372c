import { NavLink } from 'react-router';
import { cn } from '@/lib/cn';

const looks = {
  /** The app's main navigation: the current place on a tinted pill. */
  pill: {
    nav: 'flex gap-1',
    link: 'rounded-md px-3 py-2',
    active: 'bg-accent-surface text-accent',
    idle: 'text-secondary-foreground hover:bg-muted',
  },
  /** Tabs of one screen: the current one underlined. On a phone the row scrolls, never the page. */
  tab: {
    nav: 'flex gap-2 overflow-x-auto border-b border-border',
    link: 'shrink-0 border-b-2 px-4 py-2 whitespace-nowrap',
    active: 'border-accent text-accent',
    idle: 'border-transparent text-secondary-foreground hover:text-foreground',
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
