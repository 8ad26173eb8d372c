import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { signUp } from '#test/accounts';
import { contextPerSuite } from '#test/suite';
import { browserBundleInputs, pluginClient } from '#test/plugin-clients';
import { freshSessionClient } from './client';

const here = path.dirname(fileURLToPath(import.meta.url));
const PASSWORD = 'fresh-client-password-1';

describe('the fresh-session client plugin', () => {
  it('reaches the browser without the server plugin: its code stays on the server', async () => {
    const inputs = await browserBundleInputs(path.join(here, 'client.ts'));
    expect(inputs).toEqual([expect.stringMatching(/fresh-session\/client\.ts$/)]);
  });

  describe('against the real app', () => {
    const suite = contextPerSuite('sqlite');

    /** The console's client, signed in as a new person, talking to the in-process app. */
    const personClient = async (email: string) => {
      const { client } = await signUp(suite.context.app, { email, password: PASSWORD });
      return pluginClient(suite.context.app, client.cookieHeader, [freshSessionClient()]);
    };

    it('calls `POST /fresh-session` with the password, for a fresh session', async () => {
      const confirmed = await (await personClient('fresh-client@example.com')).freshSession({ password: PASSWORD });
      expect(confirmed.error).toBeNull();
      expect(confirmed.data).toBeTruthy();
    });

    it('returns the server’s refusal of a wrong password as an error with its code', async () => {
      const refused = await (await personClient('fresh-wrong@example.com')).freshSession({ password: 'not-it-1234' });
      expect(refused.data).toBeNull();
      expect(refused.error).toMatchObject({ status: 400, code: 'INVALID_PASSWORD' });
    });
  });
});
