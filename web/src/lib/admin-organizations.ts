import { useQuery } from '@tanstack/react-query';
import {
  adminOrganizationListQuerySchema,
  type AdminOrganizationListQuery,
  type AdminOrganizationPage,
} from '#common/admin';
import { answer, api, query } from './api';
import { RequestError, toRequestError } from './errors';
import { keptQueryOptions } from './kept-query-options';
import { queryKeys } from './query-keys';

/** The spec's words for this list, whatever the cause (the status and code stay for the screen). */
const LOAD_FAILED = 'Failed to load organizations. Please try again.';

/**
 * A page of organizations, for platform admins, as the view (search, page) asks it of the server.
 * Shared here because two admin screens read it (the organizations screen, and the Create User
 * choices), and features never import each other.
 */
export async function getAdminOrganizations(view: AdminOrganizationListQuery): Promise<AdminOrganizationPage> {
  try {
    return await answer(api.admin.organizations.$get({ query: query(view) }), LOAD_FAILED);
  } catch (caught) {
    const failure = toRequestError(caught, LOAD_FAILED);
    throw new RequestError(failure.status, failure.code, LOAD_FAILED);
  }
}

export const adminOrganizationsQueryOptions = (view: AdminOrganizationListQuery) =>
  keptQueryOptions(queryKeys.admin.organizationList(view), () => getAdminOrganizations(view));

/** The first page by default: the view's defaults (newest first, the default page size). */
export const useAdminOrganizations = (view = adminOrganizationListQuerySchema.parse({})) =>
  useQuery(adminOrganizationsQueryOptions(view));
