import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ErrorBox } from '@/components/ui/error-box';
import { NameForm } from '@/components/ui/name-form';
import { Spinner } from '@/components/ui/spinner';
import { formatDate, truncate } from '@/lib/format';
import { adminOrganizationsQuery } from '@/lib/admin-organizations';
import { createAdminOrganization } from '../api/admin-organizations';

export function AdminOrganizationsScreen() {
  const queryClient = useQueryClient();
  const organizations = useQuery(adminOrganizationsQuery);
  const create = useMutation({
    mutationFn: createAdminOrganization,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminOrganizationsQuery.queryKey }),
  });

  return (
    <div className="space-y-6">
      <div className="rounded-xl border border-slate-200 bg-white p-4">
        <NameForm
          id="admin-organization-name"
          label="Organization name"
          submitLabel="Create Organization"
          onSubmit={create.mutateAsync}
          pending={create.isPending}
          error={create.error?.message}
        />
      </div>

      <ErrorBox message={organizations.error?.message} />
      {organizations.isPending ? (
        <Spinner />
      ) : (
        organizations.data && (
          <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
            <table className="w-full text-left text-sm">
              <thead className="border-b border-slate-200 bg-slate-50 text-xs tracking-wide text-slate-500 uppercase">
                <tr>
                  <th className="px-4 py-3">Name</th>
                  <th className="px-4 py-3">ID</th>
                  <th className="px-4 py-3">Slug</th>
                  <th className="px-4 py-3">Members</th>
                  <th className="px-4 py-3">Teams</th>
                  <th className="px-4 py-3">Created</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {organizations.data.length === 0 ? (
                  <tr>
                    <td colSpan={6} className="px-4 py-6 text-center text-slate-500">
                      No organizations yet.
                    </td>
                  </tr>
                ) : (
                  organizations.data.map((organization) => (
                    <tr key={organization.id} data-testid="organization-row">
                      <td className="px-4 py-3 font-medium">{organization.name}</td>
                      <td className="px-4 py-3 font-mono text-xs" title={organization.id}>
                        {truncate(organization.id, 8)}
                      </td>
                      <td className="px-4 py-3 font-mono text-xs">{organization.slug}</td>
                      <td className="px-4 py-3">{organization.memberCount}</td>
                      <td className="px-4 py-3">{organization.teamCount}</td>
                      <td className="px-4 py-3">{formatDate(organization.createdAt)}</td>
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </div>
        )
      )}
    </div>
  );
}
