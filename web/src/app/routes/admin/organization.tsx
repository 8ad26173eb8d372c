import { useParams } from 'react-router';
import { AdminOrganizationScreen } from '@/features/admin-organizations/components/organization-detail-screen';

export function Component() {
  const { organizationId = '' } = useParams();
  return <AdminOrganizationScreen key={organizationId} organizationId={organizationId} />;
}
