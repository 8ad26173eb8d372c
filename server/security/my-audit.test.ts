import { beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_HEADER } from '#common/api-keys';
import type { AuditPage } from '#common/audit';
import { TestClient } from '#test/http-client';
import { ENGINES, type TestContext } from '#test/test-context';
import { sharedContexts } from './support/contexts';
import { apiKey, guest, type Person } from './support/principals';

/** `GET /api/v1/me/audit`: a person's own security activity, by their session; nobody else's. */

const contexts = sharedContexts();
const ROUTE = '/api/v1/me/audit';

describe.each(ENGINES)('own security activity on %s', (engine) => {
  let context: TestContext, victim: Person, attacker: Person;
  beforeAll(async () => {
    [context, victim, attacker] = await contexts.withUsers(engine, 'Activity Victim', 'Activity Attacker');
    await victim.client.post('/api/auth/update-user', { name: 'Activity Victim Renamed' });
  });

  const ownOnly = (events: { actorId: string | null; targetUserId: string | null }[], id: string) =>
    events.every((event) => event.actorId === id || event.targetUserId === id);

  it("shows the caller's events only, whatever id or filter is sent", async () => {
    for (const query of [`?userId=${victim.id}`, `?actorId=${victim.id}`, `?targetUserId=${victim.id}`]) {
      const response = await attacker.client.get<AuditPage>(`${ROUTE}${query}`);
      expect(response.status, `${query}: ${response.text}`).toBe(200);
      expect(response.body.data.length, query).toBeGreaterThan(0);
      expect(ownOnly(response.body.data, attacker.id), query).toBe(true);
    }
  });

  it('answers a caller without a session 401, and an API key 403', async () => {
    const stranger = new TestClient(context.app);
    expect((await stranger.get(ROUTE)).body).toMatchObject({ code: 'UNAUTHORIZED' });
    const refused = await stranger.get(ROUTE, { [API_KEY_HEADER]: await apiKey(victim) });
    expect(refused.status, refused.text).toBe(403);
    expect(refused.body.code).toBe('API_KEY_NOT_ALLOWED');
  });

  it('shows a guest their own activity only', async () => {
    const visitor = await guest(context);
    const response = await visitor.client.get(ROUTE);
    expect(response.status, response.text).toBe(200);
    expect(ownOnly(response.body.data!, visitor.id)).toBe(true);
  });

  it.each([
    ['limit=0', 'BAD_REQUEST'],
    ['limit=201', 'BAD_REQUEST'],
    ['limit=abc', 'BAD_REQUEST'],
    ['cursor=not-a-cursor', 'CURSOR_NOT_VALID'],
  ])('refuses %s with 400, its code and a message', async (query, code) => {
    const response = await victim.client.get(`${ROUTE}?${query}`);
    expect(response.status, response.text).toBe(400);
    expect(response.body).toMatchObject({ code, message: expect.any(String) });
  });
});
