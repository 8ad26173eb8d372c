import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { API_KEY_HEADER } from '#common/api-keys';
import { signUp, withTestContext } from '#test/accounts';
import { TestClient } from '#test/http-client';
import { admins, keptLinks, SETUP_PASSWORD as PASSWORD, newSetupToken } from '#test/setup-links';
import { ENGINES, TEST_ORIGIN, TEST_POSTGRES_URL } from '#test/test-context';

describe.each(ENGINES)('attacks on the first-run setup link on %s', (engine) => {
  it('refuses wrong links, wrong types, foreign origins, and callers of every kind without the link; two requests at once make one admin', async () => {
    await withTestContext(engine, {}, async (context) => {
      const token = await newSetupToken(context);
      // Another instance's start: its link works as well.
      const secondToken = await newSetupToken(context);
      const body = (overrides: Record<string, unknown>) => ({
        token,
        name: 'Root',
        email: 'root@example.com',
        password: PASSWORD,
        ...overrides,
      });

      const guest = new TestClient(context.app);
      expect((await guest.post('/api/auth/sign-in/anonymous')).status).toBe(200);
      const member = await signUp(context.app, { email: 'member@example.com' });
      const key = (await member.client.post('/api/auth/api-key/create', { name: 'script' })).body.key as string;
      expect(key).toBeTruthy();
      const keyCaller = (path: string, json: unknown) =>
        context.app.fetch(
          new Request(`${TEST_ORIGIN}${path}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', [API_KEY_HEADER]: key },
            body: JSON.stringify(json),
          }),
        );

      for (const caller of [new TestClient(context.app), guest, member.client]) {
        for (const wrong of ['x'.repeat(43), `${token}x`, token.slice(0, -1)]) {
          const refused = await caller.post('/api/v1/setup', body({ token: wrong, email: 'thief@example.com' }));
          expect(refused.status, refused.text).toBe(404);
          expect(refused.body.code).toBe('INVALID_SETUP_LINK');
        }
      }
      const byKey = await keyCaller('/api/v1/setup', body({ token: 'x'.repeat(43), email: 'thief@example.com' }));
      expect(byKey.status).toBe(404);
      expect((await guest.get(`/api/v1/setup?token=${'x'.repeat(43)}`)).status).toBe(404);

      // Wrong types and missing fields: 400 with the rule's message, nothing made.
      const badBodies: [Record<string, unknown>, string][] = [
        [body({ token: 42 }), 'The setup token is required'],
        [body({ token: undefined }), 'The setup token is required'],
        [body({ email: 'not-an-address' }), 'Enter a valid email address'],
        [body({ password: 'short' }), 'Password must be at least 8 characters'],
        [body({ name: ['Root'] }), ''],
        [body({ name: 'Line\nbreak' }), 'Name cannot contain line breaks or control characters'],
      ];
      for (const [bad, message] of badBodies) {
        const refused = await guest.post('/api/v1/setup', bad);
        expect(refused.status, refused.text).toBe(400);
        expect(refused.body.code).toBe('BAD_REQUEST');
        if (message) expect(refused.body.message).toBe(message);
      }
      const notJson = await guest.request('POST', '/api/v1/setup', {
        body: 'token=x',
        headers: { 'content-type': 'text/plain' },
      });
      expect(notJson.status).toBe(415);

      // The right link from another site's page: refused before anything runs.
      const foreign = await new TestClient(context.app).post('/api/v1/setup', body({}), {
        origin: 'https://evil.example',
      });
      expect(foreign.status).toBe(403);
      expect(foreign.body.code).toBe('INVALID_ORIGIN');

      expect(await admins(context)).toEqual([]);
      for (const caller of [guest, member.client]) {
        const me = await caller.get('/api/v1/me');
        expect(me.body.data?.role).toBe('user');
      }
      expect(await keptLinks(context)).toBe(2);

      // Both links at once, and the first twice: exactly one admin, the others told setup is done.
      const answers = await Promise.all([
        new TestClient(context.app).post('/api/v1/setup', body({ email: 'one@example.com' })),
        new TestClient(context.app).post('/api/v1/setup', body({ token: secondToken, email: 'two@example.com' })),
        new TestClient(context.app).post('/api/v1/setup', body({ email: 'three@example.com' })),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 410, 410]);
      const made = await admins(context);
      expect(made).toHaveLength(1);
      expect(answers.find((answer) => answer.status === 201)!.body.data!.user.email).toBe(made[0]!.email);
      expect(await keptLinks(context)).toBe(0);
      expect(
        await context.database.db
          .selectFrom('user')
          .select('email')
          .where('email', 'in', ['one@example.com', 'two@example.com', 'three@example.com'])
          .execute(),
      ).toHaveLength(1);
    });
  });
});

describe('the first-run setup link on postgres, two instances at once', () => {
  it('makes one admin when two links are used at the very same moment', async () => {
    await withTestContext('postgres', {}, async (context) => {
      const tokens = [await newSetupToken(context), await newSetupToken(context)];
      // Another connection lets reads through but holds every insert into accounts back, so both
      // requests are inside their transactions, at the same step, before either can finish.
      const blocker = new pg.Client({ connectionString: TEST_POSTGRES_URL });
      await blocker.connect();
      try {
        await blocker.query(`set search_path to "${context.postgresSchema}"`);
        await blocker.query('begin');
        await blocker.query('lock table account in share mode');
        const answers = Promise.all(
          tokens.map((token, index) =>
            new TestClient(context.app).post('/api/v1/setup', {
              token,
              name: `Racer ${index}`,
              email: `racer-${index}@example.com`,
              password: PASSWORD,
            }),
          ),
        );
        // Both requests wait: one for the accounts table, the other for the setup lock (or, without it, for
        // the first one's transaction, whose count of admins it must update too).
        const waiting = async () =>
          Number(
            (
              await blocker.query(
                `select count(*) as waiting from pg_locks where not granted
                   and (relation = '"${context.postgresSchema}".account'::regclass or locktype in ('advisory', 'transactionid'))`,
              )
            ).rows[0].waiting,
          );
        const deadline = Date.now() + 20_000;
        while ((await waiting()) < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
        expect(await waiting()).toBeGreaterThanOrEqual(2);
        await blocker.query('commit');
        expect((await answers).map((answer) => answer.status).sort()).toEqual([201, 410]);
      } finally {
        await blocker.end();
      }
      expect(await admins(context)).toHaveLength(1);
      expect(await context.database.db.selectFrom('user').select('email').execute()).toHaveLength(1);
    });
  });
});

describe('the first-run setup link under its rate limit', () => {
  it('answers 429 after ten refused links from one address, the right link included', async () => {
    await withTestContext('sqlite', { env: { UNSAFE_DISABLE_RATE_LIMIT: 'false' } }, async (context) => {
      const token = await newSetupToken(context);
      const from = { 'x-forwarded-for': '198.18.7.7' };
      const client = new TestClient(context.app);
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 10; attempt += 1) {
        statuses.push((await client.get(`/api/v1/setup?token=guess-${attempt}`, from)).status);
      }
      expect(statuses).toEqual(Array(10).fill(404));
      const limited = await client.get(`/api/v1/setup?token=${token}`, from);
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    });
  });
});
