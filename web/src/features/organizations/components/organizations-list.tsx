import { Card } from '@/components/ui/card';
import { NameForm } from '@/components/ui/name-form';
import { Notice } from '@/components/ui/notice';
import { QueryView } from '@/components/ui/query-view';
import { RequestError } from '@/lib/errors';
import { useCreateOrganization } from '../api/create-organization';
import { useMyOrganizations } from '../api/get-my-organizations';
import { OrganizationCard } from './organization-card';

function CreateOrganizationForm() {
  const create = useCreateOrganization();
  return (
    <Card title="New Organization">
      <NameForm id="organization-name" label="Organization name" submitLabel="Create Organization" mutation={create} />
    </Card>
  );
}

export function OrganizationsList() {
  const organizations = useMyOrganizations();
  // A 404 means the backend has no organizations at all: a warning about its set-up, not an error.
  const notFound = organizations.error instanceof RequestError && organizations.error.status === 404;
  return (
    <div className="space-y-6">
      {notFound && (
        <Notice tone="warning">
          The server answered 404 for the organization list: organizations are not enabled on this backend. Check its
          configuration.
        </Notice>
      )}
      <QueryView
        query={notFound ? { ...organizations, error: null } : organizations}
        empty="You do not belong to any organization yet."
      >
        {(list) => (
          <ul className="space-y-3" aria-label="Your organizations">
            {list.map((organization) => (
              <OrganizationCard key={organization.id} organization={organization} />
            ))}
          </ul>
        )}
      </QueryView>
      <CreateOrganizationForm />
    </div>
  );
}
