import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorBox } from '@/components/ui/error-box';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Notice } from '@/components/ui/notice';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api';
import { myOrganizationsQuery } from '@/lib/organizations';
import { createOrganization } from '../api/organizations';
import { OrganizationCard } from './organization-card';

function CreateOrganizationForm() {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const create = useMutation({
    mutationFn: createOrganization,
    onSuccess: async () => {
      setName('');
      await queryClient.invalidateQueries({ queryKey: myOrganizationsQuery.queryKey });
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim()) create.mutate(name.trim());
  };
  return (
    <Card title="New Organization">
      <form className="space-y-2" onSubmit={onSubmit}>
        <ErrorBox message={create.error?.message} />
        <div className="flex flex-wrap items-end gap-2">
          <div className="min-w-56 flex-1">
            <Label htmlFor="organization-name">Organization name</Label>
            <Input
              id="organization-name"
              value={name}
              maxLength={100}
              onChange={(event) => setName(event.target.value)}
            />
          </div>
          <Button type="submit" disabled={!name.trim() || create.isPending}>
            Create Organization
          </Button>
        </div>
      </form>
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
