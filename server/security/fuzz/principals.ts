import { TestClient } from '#test/http-client';
import type { TestContext } from '#test/test-context';

export const PASSWORD = 'fuzz-password-1';

export const PRINCIPALS = ['visitor', 'user', 'guest', 'admin'] as const;
export type PrincipalName = (typeof PRINCIPALS)[number];

/** Who the fuzzer sends requests as: a visitor, a user, a guest and an admin, each with a session of its own. */
export class Principals {
  private readonly cookies = new Map<PrincipalName, string>();
  private counter = 0;

  constructor(private readonly context: TestContext) {}

  cookie(name: PrincipalName): string | undefined {
    return this.cookies.get(name);
  }

  async signUp(label: string): Promise<{ client: TestClient; id: string; email: string }> {
    const client = new TestClient(this.context.app);
    this.counter += 1;
    const email = `${label}-${this.counter}@fuzz.example`;
    const response = await client.post('/api/auth/sign-up/email', { email, password: PASSWORD, name: `Fuzz ${label}` });
    if (response.status !== 200) throw new Error(`sign-up failed: ${response.status} ${response.text}`);
    return { client, id: response.body.user.id as string, email };
  }

  /** Signs a principal in, as a new account (a guest is a new anonymous one); returns its user id. */
  async create(name: PrincipalName): Promise<string | undefined> {
    if (name === 'visitor') return undefined;
    if (name === 'guest') {
      const client = new TestClient(this.context.app);
      const response = await client.post('/api/auth/sign-in/anonymous');
      if (response.status !== 200) throw new Error(`guest sign-in failed: ${response.status} ${response.text}`);
      this.cookies.set(name, client.cookieHeader);
      return response.body.user.id as string;
    }
    const { client, id } = await this.signUp(name);
    if (name === 'admin') {
      await this.context.database.db.updateTable('user').set({ role: 'admin' }).where('id', '=', id).execute();
    }
    this.cookies.set(name, client.cookieHeader);
    return id;
  }

  /**
   * A fuzzed request that succeeds may sign a principal out, ban, demote or delete it (the fuzzer
   * knows real ids): such a principal is replaced, so later requests still reach past authentication.
   * Returns whether anything was replaced.
   */
  async repair(): Promise<boolean> {
    let repaired = false;
    for (const name of PRINCIPALS) {
      const cookie = this.cookies.get(name);
      if (!cookie) continue;
      const session = await this.context.auth.api.getSession({ headers: new Headers({ cookie }) });
      const user = session?.user as
        { role?: string | null; isAnonymous?: boolean | null; banned?: boolean | null } | undefined;
      const intact =
        user !== undefined &&
        !user.banned &&
        (name === 'guest'
          ? user.isAnonymous === true
          : !user.isAnonymous && (user.role ?? 'user') === (name === 'admin' ? 'admin' : 'user'));
      if (!intact) {
        await this.create(name);
        repaired = true;
      }
    }
    return repaired;
  }
}
