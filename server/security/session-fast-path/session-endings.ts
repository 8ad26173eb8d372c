import type { TestClient } from '#test/http-client';
import type { TestContext } from '#test/test-context';
import { PASSWORD, type Person } from '../support/principals';

export interface Setup {
  label: string;
  /** Where the session is ended. */
  acting: TestContext;
  /** Where the next request arrives (another instance, with Redis). */
  checking: TestContext;
  /** Moves a session's expiry into the past, where it is stored. */
  expire: (token: string) => Promise<void>;
}

/** Ways a session ends through Better Auth, each acted on one instance by the person or an admin. */
export const ENDINGS: {
  name: string;
  end: (setup: Setup, person: Person, other: TestClient, root: Person) => Promise<unknown>;
}[] = [
  { name: 'sign-out', end: (_setup, _person, other) => other.post('/api/auth/sign-out') },
  {
    name: 'revoke-session of that session',
    end: async (_setup, person, other) => {
      const token = (await other.get('/api/auth/get-session')).body?.session.token as string;
      return person.client.post('/api/auth/revoke-session', { token });
    },
  },
  { name: 'revoke-other-sessions', end: (_setup, person) => person.client.post('/api/auth/revoke-other-sessions') },
  { name: 'revoke-sessions', end: (_setup, person) => person.client.post('/api/auth/revoke-sessions') },
  {
    name: 'change-password',
    end: (_setup, person) =>
      person.client.post('/api/auth/change-password', { currentPassword: PASSWORD, newPassword: 'changed-password-2' }),
  },
  {
    name: 'admin revoke-user-sessions',
    end: (_setup, person, _other, root) =>
      root.client.post('/api/auth/admin/revoke-user-sessions', { userId: person.id }),
  },
  {
    name: 'admin set-user-password',
    end: (_setup, person, _other, root) =>
      root.client.post('/api/auth/admin/set-user-password', { userId: person.id, newPassword: 'set-by-admin-3' }),
  },
  {
    name: 'admin ban-user',
    end: (_setup, person, _other, root) =>
      root.client.post('/api/auth/admin/ban-user', { userId: person.id, banReason: 'abuse' }),
  },
  {
    name: 'admin remove-user (the account is deleted)',
    end: (_setup, person, _other, root) => root.client.post('/api/auth/admin/remove-user', { userId: person.id }),
  },
];
