import { PageTitle } from '@/components/ui/page-title';
import { OrganizationsList } from '@/features/organizations/components/organizations-list';

export function Component() {
  return (
    <section className="space-y-6">
      <PageTitle>Organizations</PageTitle>
      <h1 className="text-2xl font-semibold tracking-tight">Organizations</h1>
      <OrganizationsList />
    </section>
  );
}
