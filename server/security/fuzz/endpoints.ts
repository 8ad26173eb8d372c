import {
  adminCreateOrganizationSchema,
  adminCreateUserSchema,
  adminDeleteOrganizationSchema,
  adminMemberRoleSchema,
  adminOrganizationListQuerySchema,
  adminUserExportQuerySchema,
  adminUserListQuerySchema,
  outboxQuerySchema,
  PAGE_SIZES,
} from '#common/admin';
import { adminBulkActionSchema } from '#common/admin-bulk';
import { applicationInputSchema, applicationUpdateSchema } from '#common/applications';
import { adminOrganizationMembersQuerySchema } from '#common/admin-organization-members';
import { adminStatsQuerySchema } from '#common/admin-stats';
import { auditExportQuerySchema, auditQuerySchema, myAuditQuerySchema } from '#common/audit';
import {
  deleteOrganizationSchema,
  organizationMembersQuerySchema,
  organizationPoliciesSchema,
  transferOwnershipSchema,
} from '#common/organization-page';
import { createOrganizationSchema } from '#common/organizations';
import { setupSchema } from '#common/setup';
import { signInAlertsSchema } from '#common/sign-in-alerts';
import { isDisabledProviderPath } from '../../src/auth/openid-provider/disabled-paths';
import { uploadFormSchema } from '../../src/routes/files/upload-form';
import { nestedSchemaKeys, schemaChoices, schemaKeys } from './schema-keys';

export interface Endpoint {
  method: string;
  /** With `:name` segments for path parameters. */
  path: string;
  bodyKeys: string[];
  queryKeys: string[];
  /** The allowed values of fields that are enumerations (a sort direction, a role). */
  choices?: Record<string, string[]>;
  multipart?: boolean;
}

interface AuthEndpointLike {
  path?: unknown;
  options?: {
    method?: string | string[];
    body?: unknown;
    query?: unknown;
    metadata?: {
      SERVER_ONLY?: boolean;
      openapi?: { requestBody?: { content?: Record<string, { schema?: { properties?: object } }> } };
    };
  };
}

/**
 * Better Auth's endpoints, read from the instance: every plugin's routes, none forgotten, bar those
 * the instance disables (they answer 404 before any handler).
 */
export function authEndpoints(api: object): { endpoints: Endpoint[]; nestedKeys: string[] } {
  const endpoints: Endpoint[] = [];
  const nestedKeys: string[] = [];
  for (const endpoint of Object.values(api) as AuthEndpointLike[]) {
    const options = endpoint?.options;
    if (typeof endpoint?.path !== 'string' || !options || options.metadata?.SERVER_ONLY) continue;
    if (isDisabledProviderPath(endpoint.path)) continue;
    // Some bodies are open records in zod; their documented fields are in the OpenAPI metadata.
    const documented = options.metadata?.openapi?.requestBody?.content?.['application/json']?.schema?.properties;
    const bodyKeys = [...new Set([...schemaKeys(options.body), ...Object.keys(documented ?? {})])];
    nestedKeys.push(...nestedSchemaKeys(options.body), ...nestedSchemaKeys(options.query));
    for (const method of [options.method ?? 'GET'].flat()) {
      endpoints.push({
        method,
        path: `/api/auth${endpoint.path}`,
        bodyKeys,
        queryKeys: schemaKeys(options.query),
        choices: schemaChoices(options.body, options.query),
      });
    }
  }
  return { endpoints, nestedKeys };
}

/** Our own API (server/src/app.ts and server/src/routes); checked against the app's routes by the fuzz test. */
export const V1_ENDPOINTS: Endpoint[] = [
  { method: 'GET', path: '/api/v1/health', bodyKeys: [], queryKeys: [] },
  { method: 'GET', path: '/api/v1/health/ready', bodyKeys: [], queryKeys: [] },
  { method: 'GET', path: '/api/v1/sign-in-options', bodyKeys: [], queryKeys: [] },
  { method: 'GET', path: '/api/v1/me', bodyKeys: [], queryKeys: [] },
  { method: 'GET', path: '/api/v1/me/sign-in-alerts', bodyKeys: [], queryKeys: [] },
  { method: 'PUT', path: '/api/v1/me/sign-in-alerts', bodyKeys: schemaKeys(signInAlertsSchema), queryKeys: [] },
  { method: 'GET', path: '/api/v1/me/applications', bodyKeys: [], queryKeys: [] },
  { method: 'DELETE', path: '/api/v1/me/applications/:clientId', bodyKeys: [], queryKeys: [] },
  { method: 'GET', path: '/api/v1/me/audit', bodyKeys: [], queryKeys: schemaKeys(myAuditQuerySchema) },
  { method: 'GET', path: '/api/v1/me/linked-accounts', bodyKeys: [], queryKeys: [] },
  { method: 'GET', path: '/api/v1/organizations', bodyKeys: [], queryKeys: [] },
  { method: 'POST', path: '/api/v1/organizations', bodyKeys: schemaKeys(createOrganizationSchema), queryKeys: [] },
  { method: 'GET', path: '/api/v1/organizations/:id', bodyKeys: [], queryKeys: [] },
  {
    method: 'GET',
    path: '/api/v1/organizations/:id/members',
    bodyKeys: [],
    queryKeys: schemaKeys(organizationMembersQuerySchema),
    choices: schemaChoices(organizationMembersQuerySchema),
  },
  {
    method: 'POST',
    path: '/api/v1/organizations/:id/transfer',
    bodyKeys: schemaKeys(transferOwnershipSchema),
    queryKeys: [],
  },
  {
    method: 'DELETE',
    path: '/api/v1/organizations/:id',
    bodyKeys: schemaKeys(deleteOrganizationSchema),
    queryKeys: [],
  },
  { method: 'PUT', path: '/api/v1/organizations/:id/logo', bodyKeys: ['file'], queryKeys: [], multipart: true },
  { method: 'DELETE', path: '/api/v1/organizations/:id/logo', bodyKeys: [], queryKeys: [] },
  {
    method: 'PUT',
    path: '/api/v1/organizations/:id/policies',
    bodyKeys: schemaKeys(organizationPoliciesSchema),
    queryKeys: [],
  },
  { method: 'GET', path: '/api/v1/invitations', bodyKeys: [], queryKeys: [] },
  { method: 'GET', path: '/api/v1/setup', bodyKeys: [], queryKeys: ['token'] },
  { method: 'POST', path: '/api/v1/setup', bodyKeys: schemaKeys(setupSchema), queryKeys: [] },
  {
    method: 'POST',
    path: '/api/v1/files/upload',
    bodyKeys: schemaKeys(uploadFormSchema),
    queryKeys: [],
    multipart: true,
  },
  { method: 'GET', path: '/api/v1/files/:id', bodyKeys: [], queryKeys: [] },
  {
    method: 'GET',
    path: '/api/v1/admin/users',
    bodyKeys: [],
    queryKeys: schemaKeys(adminUserListQuerySchema),
    choices: { ...schemaChoices(adminUserListQuerySchema), limit: PAGE_SIZES.map(String) },
  },
  {
    method: 'POST',
    path: '/api/v1/admin/users',
    bodyKeys: schemaKeys(adminCreateUserSchema),
    queryKeys: [],
    choices: schemaChoices(adminCreateUserSchema),
  },
  { method: 'POST', path: '/api/v1/admin/users/:id/two-factor/reset', bodyKeys: [], queryKeys: [] },
  { method: 'GET', path: '/api/v1/admin/users/:id/linked-accounts', bodyKeys: [], queryKeys: [] },
  { method: 'DELETE', path: '/api/v1/admin/users/:id/linked-accounts/:accountId', bodyKeys: [], queryKeys: [] },
  {
    method: 'POST',
    path: '/api/v1/admin/users/bulk',
    bodyKeys: schemaKeys(adminBulkActionSchema),
    queryKeys: [],
    choices: schemaChoices(adminBulkActionSchema),
  },
  {
    method: 'GET',
    path: '/api/v1/admin/users/export',
    bodyKeys: [],
    queryKeys: schemaKeys(adminUserExportQuerySchema),
    choices: schemaChoices(adminUserExportQuerySchema),
  },
  {
    method: 'GET',
    path: '/api/v1/admin/audit',
    bodyKeys: [],
    queryKeys: schemaKeys(auditQuerySchema),
    choices: schemaChoices(auditQuerySchema),
  },
  {
    method: 'GET',
    path: '/api/v1/admin/audit/export',
    bodyKeys: [],
    queryKeys: schemaKeys(auditExportQuerySchema),
    choices: schemaChoices(auditExportQuerySchema),
  },
  { method: 'GET', path: '/api/v1/admin/stats', bodyKeys: [], queryKeys: schemaKeys(adminStatsQuerySchema) },
  {
    method: 'GET',
    path: '/api/v1/admin/organizations',
    bodyKeys: [],
    queryKeys: schemaKeys(adminOrganizationListQuerySchema),
  },
  { method: 'GET', path: '/api/v1/admin/outbox', bodyKeys: [], queryKeys: schemaKeys(outboxQuerySchema) },
  {
    method: 'POST',
    path: '/api/v1/admin/organizations',
    bodyKeys: schemaKeys(adminCreateOrganizationSchema),
    queryKeys: [],
  },
  { method: 'GET', path: '/api/v1/admin/organizations/:id', bodyKeys: [], queryKeys: [] },
  {
    method: 'GET',
    path: '/api/v1/admin/organizations/:id/members',
    bodyKeys: [],
    queryKeys: schemaKeys(adminOrganizationMembersQuerySchema),
  },
  {
    method: 'DELETE',
    path: '/api/v1/admin/organizations/:id',
    bodyKeys: schemaKeys(adminDeleteOrganizationSchema),
    queryKeys: [],
  },
  {
    method: 'PATCH',
    path: '/api/v1/admin/organizations/:id/members/:memberId',
    bodyKeys: schemaKeys(adminMemberRoleSchema),
    queryKeys: [],
    choices: schemaChoices(adminMemberRoleSchema),
  },
  { method: 'DELETE', path: '/api/v1/admin/organizations/:id/members/:memberId', bodyKeys: [], queryKeys: [] },
  {
    method: 'DELETE',
    path: '/api/v1/admin/organizations/:id/invitations/:invitationId',
    bodyKeys: [],
    queryKeys: [],
  },
  { method: 'GET', path: '/api/v1/admin/applications', bodyKeys: [], queryKeys: [] },
  {
    method: 'POST',
    path: '/api/v1/admin/applications',
    bodyKeys: schemaKeys(applicationInputSchema),
    queryKeys: [],
    choices: schemaChoices(applicationInputSchema),
  },
  { method: 'GET', path: '/api/v1/admin/applications/:clientId', bodyKeys: [], queryKeys: [] },
  {
    method: 'PATCH',
    path: '/api/v1/admin/applications/:clientId',
    bodyKeys: schemaKeys(applicationUpdateSchema),
    queryKeys: [],
  },
  { method: 'POST', path: '/api/v1/admin/applications/:clientId/rotate-secret', bodyKeys: [], queryKeys: [] },
  { method: 'DELETE', path: '/api/v1/admin/applications/:clientId', bodyKeys: [], queryKeys: [] },
  // Mounted only with UNSAFE_DEV_MAILBOX=true, which the fuzzed app turns on to reach it.
  { method: 'GET', path: '/api/v1/dev/mailbox', bodyKeys: [], queryKeys: schemaKeys(outboxQuerySchema) },
  { method: 'DELETE', path: '/api/v1/dev/mailbox', bodyKeys: [], queryKeys: [] },
];
