import { router } from 'better-auth/api';
import { describe, expect, it, vi } from 'vitest';
import { signUp } from '#test/accounts';
import { contextPerSuite } from '#test/suite';
import { reusedRouterHandler } from './reused-router';

vi.mock('better-auth/api', async (importOriginal) => {
  const actual = await importOriginal<typeof import('better-auth/api')>();
  return { ...actual, router: vi.fn(actual.router) };
});

const noContext = new Promise<object>(() => {});

describe('the reused router', () => {
  it('refuses a configuration whose per-request context could differ', () => {
    const fixed = { baseURL: 'http://localhost:3000', trustedOrigins: ['http://localhost:3000'] };
    expect(() => reusedRouterHandler({ options: fixed, $context: noContext })).not.toThrow();
    for (const options of [
      { ...fixed, baseURL: undefined },
      { ...fixed, baseURL: { allowedHosts: ['localhost:3000'] } },
      { ...fixed, trustedOrigins: () => ['http://localhost:3000'] },
      { ...fixed, account: { accountLinking: { trustedProviders: () => [] } } },
    ]) {
      expect(() => reusedRouterHandler({ options, $context: noContext })).toThrow(/fixed baseURL/);
    }
  });

  describe('one router for many people at once', () => {
    const suite = contextPerSuite('sqlite');

    it('answers each request with its own person, its own input and its own cookies', async () => {
      const people = await Promise.all(
        ['reuse-a@example.com', 'reuse-b@example.com', 'reuse-c@example.com'].map((email) =>
          signUp(suite.context.app, { email }),
        ),
      );
      // Interleaved writes and reads through the one router: an answer, a hook or a cookie of one
      // request showing up in another's would give someone else's name or sessions.
      const rounds = await Promise.all(
        Array.from({ length: 30 }, async (_, index) => {
          const person = people[index % people.length]!;
          const name = `Person ${index % people.length} round ${index}`;
          const updated = await person.client.post('/api/auth/update-user', { name });
          const sessions = await person.client.get('/api/auth/list-sessions');
          return { person, name, updated, sessions };
        }),
      );
      for (const { person, updated, sessions } of rounds) {
        expect(updated.status, updated.text).toBe(200);
        expect(sessions.status, sessions.text).toBe(200);
        expect(sessions.body.map((session) => session.userId)).toEqual([person.id]);
      }
      for (const [index, person] of people.entries()) {
        const session = await person.client.get('/api/auth/get-session');
        expect(session.body?.user.name).toMatch(new RegExp(`^Person ${index} round \\d+$`));
      }
    });

    it('builds the router once, not per request', async () => {
      const built = vi.mocked(router).mock.calls.length;
      const { client } = await signUp(suite.context.app, { email: 'reuse-once@example.com' });
      for (let index = 0; index < 5; index += 1) {
        expect((await client.get('/api/auth/list-sessions')).status).toBe(200);
      }
      expect(built).toBe(1);
      expect(vi.mocked(router).mock.calls.length).toBe(1);
    });

    it('still checks the origin of every request', async () => {
      const { client } = await signUp(suite.context.app, { email: 'reuse-origin@example.com' });
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, index) =>
          client.post(
            '/api/auth/update-user',
            { name: `Origin ${index}` },
            index % 2 ? { origin: 'https://attacker.example' } : {},
          ),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual(
        Array.from({ length: 10 }, (_, index) => (index % 2 ? 403 : 200)),
      );
    });
  });
});
