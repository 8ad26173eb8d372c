import { expect } from 'vitest';
import type { TestClient, TestResponse } from '#test/http-client';
import type { TestContext } from '#test/test-context';

/** Writes an organization's policies on its row, as the policies route stores them. */
export async function setPolicies(
  context: TestContext,
  organizationId: string,
  policies: { requireTwoFactor?: boolean; invitationDomains?: string[] },
) {
  const flag = (on: boolean) => (context.database.engine === 'sqlite' ? Number(on) : on);
  await context.database.db
    .updateTable('organization')
    .set({
      ...(policies.requireTwoFactor === undefined ? {} : { requireTwoFactor: flag(policies.requireTwoFactor) }),
      ...(policies.invitationDomains === undefined
        ? {}
        : { invitationDomains: policies.invitationDomains.join(',') || null }),
    })
    .where('id', '=', organizationId)
    .execute();
}

/** Creates a custom role as an owner does through Better Auth's endpoint; fails the test otherwise. */
export async function createRole(
  client: TestClient,
  organizationId: string,
  role: string,
  permission: Record<string, string[]>,
) {
  const response = await client.post('/api/auth/organization/create-role', { organizationId, role, permission });
  expect(response.status, response.text).toBe(200);
  return (response.body as { roleData: { id: string } }).roleData.id;
}

/** The status and code of an answer, compared at once. */
export const answer = (response: TestResponse) => ({
  status: response.status,
  code: (response.body as { code?: unknown } | null)?.code,
});
