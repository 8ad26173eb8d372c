import { useParams } from 'react-router';
import { OrganizationScreen } from '@/features/organizations/components/organization-page/organization-screen';

export function Component() {
  const { organizationId = '' } = useParams();
  return <OrganizationScreen key={organizationId} organizationId={organizationId} />;
}
