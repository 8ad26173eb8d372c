import { afterAll, beforeAll } from 'vitest';
import type { AdminUserList } from '#common/admin';
import { ADMIN_ENV, signInAdmin, signUp as signUpAccount } from '../../testing/accounts';
import type { TestBody, TestClient, TestResponse } from '../../testing/http-client';
import { createTestContext, type Engine, type TestContext } from '../../testing/test-context';

/** The people the admin API tests start with: the admin, a plain user, and five more to search through. */
const POPULATION = [
  ['Ada Lovelace', 'ada@analytical.example'],
  ['Alan Turing', 'alan@bletchley.example'],
  ['Grace Hopper', 'grace@navy.example'],
  ['Barbara Liskov', 'barbara@mit.example'],
  ['Edsger Dijkstra', 'edsger@tue.example'],
] as const;

export interface AdminApi {
  context: TestContext;
  /** Signed in as the context's platform admin. */
  admin: TestClient;
  /** Signed in as plain@example.com, a user-role account. */
  plain: TestClient;
  plainId: string;
  /** Signs up a new account; its password is `user-password-1`. */
  signUp(email: string, name: string): ReturnType<typeof signUpAccount>;
  /** `GET /api/v1/admin/users` with the query, as the admin unless told. */
  list(query: string, client?: TestClient): Promise<TestResponse<TestBody<AdminUserList>>>;
}

/**
 * A context for the tests of one `describe` block, with the people above: made before its first
 * test, destroyed after its last. Read its fields in tests and hooks only.
 */
export function adminApiPerSuite(engine: Engine): AdminApi {
  const api = {
    signUp: (email: string, name: string) => signUpAccount(api.context.app, { email, name }),
    list: (query: string, client?: TestClient) => (client ?? api.admin).get(`/api/v1/admin/users?${query}`),
  } as AdminApi;
  beforeAll(async () => {
    api.context = await createTestContext(engine, { env: ADMIN_ENV });
    api.admin = await signInAdmin(api.context.app);
    ({ client: api.plain, id: api.plainId } = await api.signUp('plain@example.com', 'Plain User'));
    for (const [name, email] of POPULATION) await api.signUp(email, name);
  });
  afterAll(async () => api.context?.destroy());
  return api;
}
