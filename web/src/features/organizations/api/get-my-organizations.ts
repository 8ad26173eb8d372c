import { useQuery } from '@tanstack/react-query';
import { myOrganizationsQuery } from '@/lib/organizations';

export type { MyOrganization } from '@/lib/organizations';

/** The caller's organizations with their role and counts (/organizations and My Access). */
export const useMyOrganizations = () => useQuery(myOrganizationsQuery);
