import { AdminOrganizationsScreen } from '@/features/admin-organizations/components/organizations-screen';

export function Component() {
  return <AdminOrganizationsScreen />;
}
