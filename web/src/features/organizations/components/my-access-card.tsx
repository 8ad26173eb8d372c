import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { QueryList } from '@/components/ui/item-list';
import { useMyOrganizations } from '../api/get-my-organizations';
import { OrganizationFacts } from './organization-facts';
import { shortName } from '@/lib/format';

export function MyAccessCard() {
  const organizations = useMyOrganizations();
  const [open, setOpen] = useState<string | null>(null);
  return (
    <Card title="My Access" description="Organizations you belong to and your role in each.">
      <QueryList query={organizations} empty="You do not belong to any organization yet." label="My organizations">
        {(organization) => (
          <li key={organization.id}>
            <button
              type="button"
              className="flex w-full items-center gap-3 px-4 py-3 text-left text-sm"
              aria-expanded={open === organization.id}
              onClick={() => setOpen((current) => (current === organization.id ? null : organization.id))}
            >
              <span className="flex-1 font-medium break-all">{shortName(organization.name)}</span>
              <Badge>{organization.role}</Badge>
              <span className="text-muted-foreground">
                {organization.memberCount} {organization.memberCount === 1 ? 'member' : 'members'}
              </span>
            </button>
            {open === organization.id && <OrganizationFacts organization={organization} className="px-4 pb-3" />}
          </li>
        )}
      </QueryList>
    </Card>
  );
}
