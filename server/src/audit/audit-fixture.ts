import { beforeAll, expect } from 'vitest';
import type { AuditEventView } from '#common/audit';
import { signInAdmin } from '../testing/accounts';
import type { TestClient } from '../testing/http-client';
import type { TestContext } from '../testing/test-context';

/**
 * The suite's admin, signed in before its tests, and the audit events about or by a user through the
 * admin API, newest first (`filters` adds query parameters: `&action=…`).
 */
export function adminAuditReader(suite: { context: TestContext }) {
  const reader = {} as { admin: TestClient; adminId: string };
  beforeAll(async () => {
    reader.admin = await signInAdmin(suite.context.app);
    reader.adminId = (await reader.admin.get('/api/auth/get-session')).body!.user.id;
  });
  const eventsOf = async (userId: string, filters = '') => {
    const query = `userId=${encodeURIComponent(userId)}&limit=200${filters}`;
    const response = await reader.admin.get(`/api/v1/admin/audit?${query}`);
    expect(response.status, response.text).toBe(200);
    return response.body.data as AuditEventView[];
  };
  return Object.assign(reader, { eventsOf });
}
