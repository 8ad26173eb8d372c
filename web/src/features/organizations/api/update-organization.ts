import type { z } from 'zod';
import type { organizationSettingsSchema } from '#common/organization-page';
import { authClient } from '@/lib/auth-client';
import { unwrap } from '@/lib/errors';
import { queryKeys } from '@/lib/query-keys';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';

export type OrganizationSettings = z.output<typeof organizationSettingsSchema>;

export const updateOrganization = (organizationId: string, data: OrganizationSettings) =>
  unwrap(authClient.organization.update({ organizationId, data }), 'Failed to save the organization');

/** A new name or slug: the page and the caller's list show it. */
export const useUpdateOrganization = (organizationId: string) =>
  useRefreshingMutation({
    mutationFn: (data: OrganizationSettings) => updateOrganization(organizationId, data),
    refreshes: [queryKeys.organization.detail(organizationId), queryKeys.myOrganizations],
    successToast: 'Organization saved',
  });
