import { formatDate, truncate } from '@/lib/format';
import type { MyOrganization } from '../api/get-my-organizations';

/** Role, slug, creation date and the short id of an organization, as a definition list. */
export function OrganizationFacts({ organization, className }: { organization: MyOrganization; className?: string }) {
  const facts: Array<[string, string, string?]> = [
    ['Your role', organization.role || 'member'],
    ['Slug', organization.slug, 'font-mono'],
    ['Created', formatDate(organization.createdAt)],
    ['ID', truncate(organization.id, 8), 'font-mono'],
  ];
  return (
    <dl className={`grid gap-2 text-sm sm:grid-cols-4 ${className ?? ''}`}>
      {facts.map(([label, value, style]) => (
        <div key={label}>
          <dt className="text-xs text-muted-foreground uppercase">{label}</dt>
          <dd className={style} title={label === 'ID' ? organization.id : undefined}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
