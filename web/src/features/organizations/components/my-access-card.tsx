import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { ErrorBox } from '@/components/ui/error-box';
import { Spinner } from '@/components/ui/spinner';
import { myOrganizationsQuery } from '@/lib/organizations';
import { OrganizationFacts } from './organization-facts';

export function MyAccessCard() {
  const organizations = useQuery(myOrganizationsQuery);
  const [open, setOpen] = useState<string | null>(null);
  return (
    <Card title="My Access" description="Organizations you belong to and your role in each.">
      <ErrorBox message={organizations.error?.message} />
      {organizations.isPending ? (
        <Spinner />
      ) : organizations.data && organizations.data.length > 0 ? (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200" aria-label="My organizations">
          {organizations.data.map((organization) => (
            <li key={organization.id}>
              <button
                type="button"
                className="flex w-full items-center gap-3 px-4 py-3 text-left text-sm"
                aria-expanded={open === organization.id}
                onClick={() => setOpen((current) => (current === organization.id ? null : organization.id))}
              >
                <span className="flex-1 font-medium">{organization.name}</span>
                <Badge>{organization.role}</Badge>
                <span className="text-slate-500">
                  {organization.memberCount} {organization.memberCount === 1 ? 'member' : 'members'}
                </span>
              </button>
              {open === organization.id && <OrganizationFacts organization={organization} className="px-4 pb-3" />}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-500">You do not belong to any organization yet.</p>
      )}
    </Card>
  );
}
