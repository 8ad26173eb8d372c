import { Hono } from 'hono';
import type { AuditLog } from '../../audit/audit-log';
import type { Auth } from '../../auth/auth';
import type { Database } from '../../db/database';
import { myOrganizationRoutes } from './my-organizations';
import { organizationAccess, type OrganizationEnv } from './organization-access';
import { organizationDeletionRoutes } from './organization-deletion';
import { organizationDetailRoutes } from './organization-detail';
import { organizationLogoRoutes } from './organization-logo';
import { organizationMemberRoutes } from './organization-members';
import { organizationPolicyRoutes } from './organization-policies';
import { ownershipTransferRoutes } from './ownership-transfer';

/**
 * `/api/v1/organizations`: the caller's organizations and a new one, and the routes of one
 * organization's own page (`/:id/…`), each opened by the caller's membership (`organizationAccess`).
 */
export function organizationRoutes({
  auth,
  database,
  audit,
  publicUrl,
}: {
  auth: Auth;
  database: Database;
  audit: AuditLog;
  publicUrl: string;
}) {
  const access = organizationAccess(auth, database, audit);
  return new Hono<OrganizationEnv>()
    .route('/', myOrganizationRoutes(auth, database))
    .route('/', organizationDetailRoutes(database, access))
    .route('/', organizationMemberRoutes(database, access))
    .route('/', ownershipTransferRoutes(database, access))
    .route('/', organizationDeletionRoutes(database, access))
    .route('/', organizationLogoRoutes(database, publicUrl, access))
    .route('/', organizationPolicyRoutes(database, access));
}
