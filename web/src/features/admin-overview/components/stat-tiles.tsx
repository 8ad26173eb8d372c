import type { StatsTotals } from '#common/admin-stats';

const number = new Intl.NumberFormat();

/** The totals as tiles: a list of terms (the label) and definitions (the figure, then what it counts). */
export function StatTiles({ totals, days }: { totals: StatsTotals; days: number }) {
  const tiles: { label: string; value: number; hint: string }[] = [
    { label: 'Users', value: totals.users, hint: 'Every account, guests included' },
    { label: 'Active users', value: totals.activeUsers, hint: `Signed in or up in the last ${days} days` },
    { label: 'Guests', value: totals.guests, hint: 'Anonymous accounts' },
    { label: 'Admins', value: totals.admins, hint: 'Platform admins' },
    { label: 'Two-factor', value: totals.twoFactorUsers, hint: 'Accounts with an authenticator app' },
  ];
  return (
    <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
      {tiles.map((tile) => (
        <Tile key={tile.label} {...tile} />
      ))}
    </dl>
  );
}

function Tile({ label, value, hint }: { label: string; value: number; hint: string }) {
  return (
    <div className="rounded-xl border border-border bg-surface p-4 shadow-sm">
      <dt className="text-sm font-medium text-secondary-foreground">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold tabular-nums">{number.format(value)}</dd>
      <dd className="mt-1 text-xs text-muted-foreground">{hint}</dd>
    </div>
  );
}
