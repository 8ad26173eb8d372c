import type { OrganizationDetail } from '#common/organization-page';

/** The organization's custom roles and their permission matrix (for those who may read roles). */
export function RolesCard(_props: { organization: OrganizationDetail }) {
  return null;
}
