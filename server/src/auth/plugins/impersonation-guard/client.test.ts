import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { signInAdmin } from '#test/accounts';
import { browserBundleInputs, pluginClient } from '#test/plugin-clients';
import { impersonationGuardClient } from './client';
import { impersonationSuite, REASON } from '#test/fixtures/impersonation';

const here = path.dirname(fileURLToPath(import.meta.url));

describe('the impersonation guard client plugin', () => {
  it('reaches the browser without the server plugin: its code stays on the server', async () => {
    const inputs = await browserBundleInputs(path.join(here, 'client.ts'));
    expect(inputs).toEqual([expect.stringMatching(/impersonation-guard\/client\.ts$/)]);
  });

  describe('against the real app', () => {
    const { suite, target } = impersonationSuite('sqlite', 'client');

    /** The console's client, signed in as the admin, talking to the in-process app. */
    const adminClient = async () => {
      const admin = await signInAdmin(suite.context.app);
      return pluginClient(suite.context.app, admin.cookieHeader, [impersonationGuardClient()]);
    };

    it('starts an impersonation with the user and the reason, and answers the new session', async () => {
      const started = await (await adminClient()).impersonation.start({ userId: target.id, reason: REASON });
      expect(started.error).toBeNull();
      expect(started.data?.user.id).toBe(target.id);
      expect(started.data?.session).toMatchObject({ userId: target.id, impersonatedBy: expect.any(String) });
    });

    it('returns the guard’s refusal of a blank reason with its code, impersonating nobody', async () => {
      const refused = await (await adminClient()).impersonation.start({ userId: target.id, reason: '  ' });
      expect(refused.data).toBeNull();
      expect(refused.error).toMatchObject({ status: 400, code: 'REASON_REQUIRED' });
    });
  });
});
