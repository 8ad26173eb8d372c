import crypto from 'node:crypto';
import type { OrganizationPermissions } from '#common/organization-roles';
import { readPolicies } from '../src/db/organization-policies';
import { organizationLogoCategory } from '../src/lib/file-url';
import { organizationRows } from './organization-rows';
import { selectRows } from './rows';
import type { TestContext } from './test-context';

/** A custom role of the organization, written as Better Auth writes one (`dynamicAccessControl`). */
export async function createCustomRole(
  context: TestContext,
  organizationId: string,
  role: string,
  permission: OrganizationPermissions,
) {
  await context.database.db
    .insertInto('organizationRole')
    .values({
      id: crypto.randomUUID(),
      organizationId,
      role,
      permission: JSON.stringify(permission),
      createdAt: new Date().toISOString(),
    })
    .execute();
}

/** Gives the membership of `userId` this role string, as stored. */
export async function setMemberRole(context: TestContext, organizationId: string, userId: string, role: string) {
  await context.database.db
    .updateTable('member')
    .set({ role })
    .where('organizationId', '=', organizationId)
    .where('userId', '=', userId)
    .execute();
}

/**
 * Everything the organization page's routes could change: the organization's rows (`organizationRows`),
 * its policies, custom roles and logo files. Tests compare a read before an action with one after.
 */
export async function organizationPageState(context: TestContext, organizationId: string) {
  return {
    rows: await organizationRows(context, organizationId),
    policies: await readPolicies(context.database.db, organizationId),
    roles: await selectRows(context, 'organizationRole', ['role', 'permission'], { organizationId }),
    logos: await selectRows(context, 'file', ['id', 'userId'], { category: organizationLogoCategory(organizationId) }),
  };
}
