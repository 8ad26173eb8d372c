import { describe, expect, it } from 'vitest';
import { TestClient } from '#test/http-client';
import { sharedInstancesPerSuite } from '#test/suite';
import { SESSION_COOKIE } from '#test/two-factor';
import { guestWithWork, membersOf, profileOf, upgradeBySignUp } from '#test/fixtures/guest-upgrade';

/** With sessions in Redis (which hold their user), an upgrade shows at once on every instance. */
describe('guest upgrade with sessions in Redis', () => {
  const instances = sharedInstancesPerSuite('postgres');

  it("shows the guest's picture on the new session everywhere, and ends the guest's session", async () => {
    const guest = await guestWithWork(instances.first.app, 'Shared Guest');
    const guestCookie = `${SESSION_COOKIE}=${guest.client.cookie(SESSION_COOKIE)}`;
    const accountId = await upgradeBySignUp(guest.client, 'Shared Guest', 'redis-guest@example.com');

    for (const instance of [instances.first, instances.second]) {
      const read = (cookie: string) => new TestClient(instance.app).get('/api/auth/get-session', { cookie });
      expect((await read(guest.client.cookieHeader)).body?.user).toMatchObject({
        id: accountId,
        image: guest.avatar.url,
      });
      expect((await read(guestCookie)).body).toBeNull();
    }
    expect(await membersOf(instances.first, guest.organizationId)).toEqual([{ userId: accountId, role: 'owner' }]);
    expect(await profileOf(instances.first, guest.id)).toBeUndefined();
  });
});
