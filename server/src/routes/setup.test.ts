import { describe, expect, it } from 'vitest';
import { openSetupLink } from '../auth/first-admin/setup-link';
import { ADMIN_ENV, signUp, withTestContext } from '#test/accounts';
import { TestClient } from '#test/http-client';
import { admins, keptLinks, postSetup, SETUP_PASSWORD as PASSWORD, newSetupToken } from '#test/setup-links';
import { ENGINES, TEST_ORIGIN } from '#test/test-context';

describe.each(ENGINES)('the first-run setup link on %s', (engine) => {
  it('creates the first admin, verified, signed in to this browser, once; then setup is done for every link', async () => {
    await withTestContext(engine, {}, async (context) => {
      const token = await newSetupToken(context);
      // 256 random bits, base64url: 43 characters.
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      // The token itself is nowhere in the database; its hash is.
      const [kept] = await context.database.db.selectFrom('setupLink').selectAll().execute();
      expect(kept?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(kept)).not.toContain(token);

      const browser = new TestClient(context.app);
      const checked = await browser.get(`/api/v1/setup?token=${token}`);
      expect(checked.status, checked.text).toBe(200);
      expect(checked.body).toEqual({ data: { open: true } });

      const created = await postSetup(browser, { token, email: 'Ada@Example.com', name: 'Ada Admin' });
      expect(created.status, created.text).toBe(201);
      expect(created.body.data).toMatchObject({
        user: { email: 'ada@example.com', name: 'Ada Admin', role: 'admin' },
        signedIn: true,
      });
      const me = await browser.get('/api/v1/me');
      expect(me.status).toBe(200);
      expect(me.body.data).toMatchObject({ email: 'ada@example.com', role: 'admin' });
      expect((await browser.get('/api/v1/admin/users')).status).toBe(200);
      expect(await admins(context)).toEqual([
        { email: 'ada@example.com', role: 'admin', emailVerified: engine === 'postgres' ? true : 1 },
      ]);
      expect(await keptLinks(context)).toBe(0);

      // The same link again, a new one made meanwhile (another instance's start), a made-up one: done.
      const later = await openSetupLink(context.database.db, TEST_ORIGIN);
      expect(later, 'no link once an admin exists').toBeUndefined();
      for (const again of [token, 'x'.repeat(43)]) {
        const reused = await postSetup(new TestClient(context.app), {
          token: again,
          email: 'second@example.com',
          name: 'Second',
        });
        expect(reused.status, reused.text).toBe(410);
        expect(reused.body.code).toBe('SETUP_DONE');
        expect((await new TestClient(context.app).get(`/api/v1/setup?token=${again}`)).status).toBe(410);
      }
      expect((await admins(context)).map((admin) => admin.email)).toEqual(['ada@example.com']);
      await context.auth.settle();
      const events = await context.database.db
        .selectFrom('auditEvent')
        .select(['action', 'outcome', 'actorId'])
        .where('action', '=', 'admin.first_admin')
        .execute();
      expect(events).toEqual([
        { action: 'admin.first_admin', outcome: 'success', actorId: created.body.data!.user.id },
      ]);
    });
  });

  it('refuses an expired link; a fresh one (a restart) works', async () => {
    await withTestContext(engine, {}, async (context) => {
      const token = await newSetupToken(context);
      await context.database.db
        .updateTable('setupLink')
        .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
        .execute();
      const expired = await postSetup(new TestClient(context.app), { token, email: 'late@example.com', name: 'Late' });
      expect(expired.status, expired.text).toBe(404);
      expect(expired.body.code).toBe('INVALID_SETUP_LINK');
      expect(await admins(context)).toEqual([]);

      const fresh = await newSetupToken(context);
      // The expired one is gone with the new start.
      expect(await keptLinks(context)).toBe(1);
      const browser = new TestClient(context.app);
      const created = await postSetup(browser, { token: fresh, email: 'ontime@example.com', name: 'On Time' });
      expect(created.status, created.text).toBe(201);
      expect((await browser.get('/api/v1/me')).body.data?.role).toBe('admin');
    });
  });
});

describe('the first-run setup link, beside accounts that exist', () => {
  it('makes no link when an admin exists, and refuses any token with 410', async () => {
    await withTestContext('sqlite', { env: ADMIN_ENV }, async (context) => {
      expect(await openSetupLink(context.database.db, TEST_ORIGIN)).toBeUndefined();
      expect(await keptLinks(context)).toBe(0);
      const refused = await postSetup(new TestClient(context.app), {
        token: 'x'.repeat(43),
        email: 'late@example.com',
        name: 'Late',
      });
      expect(refused.status).toBe(410);
      expect(refused.body.code).toBe('SETUP_DONE');
    });
  });

  it('makes an existing account the admin only with its own password, verified; another password is refused', async () => {
    await withTestContext('sqlite', {}, async (context) => {
      const token = await newSetupToken(context);
      await signUp(context.app, { email: 'owner@example.com', password: PASSWORD });
      const wrong = await postSetup(new TestClient(context.app), {
        token,
        email: 'owner@example.com',
        name: 'Squatter',
        password: 'another-password-1',
      });
      expect(wrong.status, wrong.text).toBe(409);
      expect(wrong.body.code).toBe('SETUP_ADDRESS_TAKEN');
      expect(await admins(context)).toEqual([]);
      expect(await keptLinks(context)).toBe(1);

      const browser = new TestClient(context.app);
      const promoted = await postSetup(browser, { token, email: 'owner@example.com', name: 'Owner' });
      expect(promoted.status, promoted.text).toBe(201);
      expect(promoted.body.data).toMatchObject({ user: { email: 'owner@example.com', role: 'admin' }, signedIn: true });
      expect(await admins(context)).toEqual([{ email: 'owner@example.com', role: 'admin', emailVerified: 1 }]);
      expect((await browser.get('/api/v1/admin/users')).status).toBe(200);
    });
  });
});
