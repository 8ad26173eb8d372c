import { beforeAll, describe, expect, it, vi } from 'vitest';
import { statsWindow, type AdminStats, type StatsDay, type StatsTotals } from '#common/admin-stats';
import type { ApiAnswers } from '#test/route-answers';
import type { AuditEventInput } from '../../audit/audit-log';
import { apiKey, guest } from '../../../security/support/principals';
import { ADMIN_ENV, signIn, signInAdmin, signUp } from '#test/accounts';
import { TestClient } from '#test/http-client';
import { contextPerSuite } from '#test/suite';
import { ENGINES, TEST_ORIGIN } from '#test/test-context';
import { enableTwoFactor } from '#test/two-factor';
import { countedFromRows } from '#test/fixtures/admin-stats';

const PASSWORD = 'user-password-1';
const DAY_MS = 86_400_000;
const DAYS_MESSAGE = 'days must be a whole number from 1 to 90';

/** `GET /api/v1/admin/stats`: the overview's numbers, counted as events happen, for admins only. */
describe.each(ENGINES)('admin stats on %s', (engine) => {
  const suite = contextPerSuite(engine, { env: ADMIN_ENV });
  let admin: TestClient;
  beforeAll(async () => {
    admin = await signInAdmin(suite.context.app);
  });

  const stats = async (days?: number): Promise<AdminStats> => {
    const query = days === undefined ? '' : `?days=${days}`;
    const response = await admin.get<ApiAnswers['GET /api/v1/admin/stats']>(`/api/v1/admin/stats${query}`);
    expect(response.status, response.text).toBe(200);
    expect(Object.keys(response.body)).toEqual(['data']);
    return response.body.data;
  };
  /** The change of each number (the day's name left out). */
  const minus = <T extends object>(after: T, before: T) =>
    Object.fromEntries(
      Object.entries(after)
        .filter(([, value]) => typeof value === 'number')
        .map(([key, value]) => [key, value - (before[key as keyof T] as number)]),
    );
  const dayOf = (result: AdminStats, day: string) => result.days.find((entry) => entry.day === day);
  /** Noon UTC (or the given time) `daysAgo` days before today. */
  const utc = (daysAgo: number, time = '12:00:00.000') =>
    new Date(`${new Date(Date.now() - daysAgo * DAY_MS).toISOString().slice(0, 10)}T${time}Z`);
  const recordAt = (when: Date, event: AuditEventInput) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(when);
    try {
      suite.context.audit.record(event);
    } finally {
      vi.useRealTimers();
    }
  };

  it("counts today's sign-ups, sign-ins and failed sign-ins, and the totals, as they happen", async () => {
    const { app } = suite.context;
    await suite.context.auth.settle();
    const before = await stats(1);
    const first = await signUp(app, { email: 'stats-first@example.com' });
    const second = await signUp(app, { email: 'stats-second@example.com' });
    await signIn(app, 'stats-first@example.com', PASSWORD);
    await signIn(app, 'stats-first@example.com', PASSWORD);
    const browser = new TestClient(app);
    const wrong = { email: 'stats-second@example.com', password: 'wrong-password-1' };
    expect((await browser.post('/api/auth/sign-in/email', wrong)).status).toBe(401);
    const nobody = { email: 'stats-nobody@example.com', password: PASSWORD };
    expect((await browser.post('/api/auth/sign-in/email', nobody)).status).toBe(401);
    await guest(suite.context);
    await suite.context.auth.settle();

    const after = await stats(1);
    expect(after.days.map((entry) => entry.day)).toEqual([new Date().toISOString().slice(0, 10)]);
    // Three accounts (two people, a guest); three sign-ins (the guest's among them); two failures.
    expect(minus<StatsDay>(after.days[0]!, before.days[0]!)).toEqual({
      signUps: 3,
      signIns: 3,
      failedSignIns: 2,
    });
    // Active: each of the three once, however many times they signed in.
    expect(minus<StatsTotals>(after.totals, before.totals)).toEqual({
      users: 3,
      guests: 1,
      admins: 0,
      activeUsers: 3,
      twoFactorUsers: 0,
    });

    expect((await admin.post('/api/auth/admin/set-role', { userId: second.id, role: 'admin' })).status).toBe(200);
    await enableTwoFactor(first.client);
    const later = await stats(1);
    expect(minus<StatsTotals>(later.totals, after.totals)).toMatchObject({ admins: 1, twoFactorUsers: 1 });
    // The kept counts agree with a count of the trail and of the accounts themselves.
    await suite.context.auth.settle();
    expect(await stats(30)).toEqual(await countedFromRows(suite.context, 30));
  });

  it('puts each event on its UTC day, shows days without events as zeros, and counts an account once', async () => {
    const { database, audit } = suite.context;
    await suite.context.auth.settle();
    const before = await stats(90);
    expect(before.days).toHaveLength(90);
    expect(before.days.map((entry) => entry.day)).toEqual(statsWindow(90));
    // Everything so far happened today: every earlier day of the window is zeros.
    for (const entry of before.days.slice(0, -1))
      expect(entry).toEqual({ day: entry.day, signUps: 0, signIns: 0, failedSignIns: 0 });

    const signIn = { action: 'user.sign_in', outcome: 'success' } as const;
    recordAt(utc(5, '23:59:59.999'), { ...signIn, actorId: 'past-1', targetUserId: 'past-1' });
    recordAt(utc(5, '00:00:00.000'), { ...signIn, outcome: 'failure', targetUserId: 'past-1' });
    recordAt(utc(2), { ...signIn, actorId: 'past-1', targetUserId: 'past-1' });
    recordAt(utc(40), { action: 'user.sign_up', outcome: 'success', actorId: 'past-2', targetUserId: 'past-2' });
    // Outside every window; and a sign-out, which makes nobody active.
    recordAt(utc(100), { ...signIn, actorId: 'past-3', targetUserId: 'past-3' });
    recordAt(utc(3), { action: 'user.sign_out', outcome: 'success', actorId: 'past-4', targetUserId: 'past-4' });
    await audit.flush();
    const created = (daysAgo: number, time: string) => {
      const at = utc(daysAgo, time);
      return engine === 'postgres' ? at : at.toISOString();
    };
    const flag = engine === 'postgres' ? false : 0;
    await database.db
      .insertInto('user')
      .values(
        (
          [
            ['old-1', created(10, '00:00:00.000')],
            ['old-2', created(11, '23:59:59.999')],
            ['old-3', created(95, '12:00:00.000')],
          ] as const
        ).map(([id, createdAt]) => ({
          id,
          name: id,
          email: `${id}@example.com`,
          emailVerified: flag,
          createdAt,
          updatedAt: createdAt,
          role: 'user',
        })),
      )
      .execute();

    const week = await stats(7);
    expect(week.days.map((entry) => entry.day)).toEqual(statsWindow(7));
    const day = (daysAgo: number) => utc(daysAgo).toISOString().slice(0, 10);
    expect(dayOf(week, day(5))).toEqual({ day: day(5), signUps: 0, signIns: 1, failedSignIns: 1 });
    expect(dayOf(week, day(2))).toEqual({ day: day(2), signUps: 0, signIns: 1, failedSignIns: 0 });
    for (const daysAgo of [6, 4, 3, 1]) expect(dayOf(week, day(daysAgo))).toMatchObject({ signIns: 0, signUps: 0 });
    const quarter = await stats(90);
    expect(dayOf(quarter, day(10))).toMatchObject({ signUps: 1 });
    expect(dayOf(quarter, day(11))).toMatchObject({ signUps: 1 });
    expect(dayOf(quarter, day(40))).toMatchObject({ signUps: 0, signIns: 0 });
    expect(quarter.days.reduce((sum, entry) => sum + entry.signIns, 0)).toBe(
      before.days.at(-1)!.signIns + 2, // past-1 twice; past-3 is older than 90 days
    );

    // past-1 counts once in every window that holds its last sign-in (two days ago), never twice.
    const active = async (days: number) => (await stats(days)).totals.activeUsers;
    const today = before.totals.activeUsers;
    expect(await active(2)).toBe(today);
    expect(await active(3)).toBe(today + 1);
    expect(await active(7)).toBe(today + 1);
    expect(await active(41)).toBe(today + 2);
    expect(await active(90)).toBe(today + 2);
    expect(minus<StatsTotals>(quarter.totals, before.totals)).toMatchObject({ users: 3, activeUsers: 2 });
    expect(quarter).toEqual(await countedFromRows(suite.context, 90));
  });

  it('answers 30 days by default and refuses a window it does not keep, saying so', async () => {
    expect((await stats()).days.map((entry) => entry.day)).toEqual(statsWindow(30));
    expect((await stats(1)).days).toHaveLength(1);
    for (const days of ['0', '91', '-1', '1.5', 'abc', '', '1e9', 'Infinity', '30x']) {
      const response = await admin.get(`/api/v1/admin/stats?days=${days}`);
      expect(response.status, days).toBe(400);
      expect(response.body, days).toMatchObject({ code: 'BAD_REQUEST', message: DAYS_MESSAGE });
    }
  });

  it('refuses everyone but a platform admin: no session, a user, a guest, an API key', async () => {
    const { app } = suite.context;
    const path = '/api/v1/admin/stats';
    expect((await new TestClient(app).get(path)).status).toBe(401);
    const user = await signUp(app, { email: 'stats-plain@example.com' });
    expect((await user.client.get(path)).status).toBe(403);
    expect((await (await guest(suite.context)).client.get(path)).status).toBe(403);
    const person = { ...user, email: 'stats-plain@example.com', password: PASSWORD };
    const keys = [await apiKey(person), await apiKey({ client: admin, id: '', email: '', password: '' })];
    for (const key of keys) {
      const response = await new TestClient(app).get(path, { 'x-api-key': key });
      expect(response.status).toBe(403);
      expect(response.body.code).toBe('API_KEY_NOT_ALLOWED');
    }
  });

  it('grants a foreign page no read of the numbers, even with the admin signed in', async () => {
    const response = await suite.context.app.fetch(
      new Request(`${TEST_ORIGIN}/api/v1/admin/stats`, {
        headers: { cookie: admin.cookieHeader, origin: 'https://evil.example' },
      }),
    );
    await response.body?.cancel();
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
  });
});
