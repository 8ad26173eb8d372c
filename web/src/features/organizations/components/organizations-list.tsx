import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Card } from '@/components/ui/card';
import { ErrorBox } from '@/components/ui/error-box';
import { NameForm } from '@/components/ui/name-form';
import { Notice } from '@/components/ui/notice';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api';
import { myOrganizationsQuery } from '@/lib/organizations';
import { createOrganization } from '../api/organizations';
import { OrganizationCard } from './organization-card';

function CreateOrganizationForm() {
  const queryClient = useQueryClient();
  const create = useMutation({
    mutationFn: createOrganization,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myOrganizationsQuery.queryKey }),
  });
  return (
    <Card title="New Organization">
      <NameForm
        id="organization-name"
        label="Organization name"
        submitLabel="Create Organization"
        onSubmit={create.mutateAsync}
        pending={create.isPending}
        error={create.error?.message}
      />
    </Card>
  );
}

export function OrganizationsList() {
  const organizations = useQuery(myOrganizationsQuery);
  const notFound = organizations.error instanceof ApiError && organizations.error.status === 404;
  return (
    <div className="space-y-6">
      {notFound ? (
        <Notice tone="warning">
          The server answered 404 for the organization list: organizations are not enabled on this backend. Check its
          configuration.
        </Notice>
      ) : (
        <ErrorBox message={organizations.error?.message} />
      )}
      {organizations.isPending ? (
        <Spinner />
      ) : organizations.data && organizations.data.length > 0 ? (
        <ul className="space-y-3" aria-label="Your organizations">
          {organizations.data.map((organization) => (
            <OrganizationCard key={organization.id} organization={organization} />
          ))}
        </ul>
      ) : (
        !organizations.error && <p className="text-sm text-slate-500">You do not belong to any organization yet.</p>
      )}
      <CreateOrganizationForm />
    </div>
  );
}
