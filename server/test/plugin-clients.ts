import { createAuthClient, type BetterAuthClientPlugin } from 'better-auth/client';
import { build } from 'esbuild';
import type { Hono } from 'hono';
import { TEST_ORIGIN } from './test-context';

/**
 * The files esbuild puts in a browser bundle of a plugin's `client.ts`: the file alone when it
 * imports the server plugin as a type only, as it must.
 */
export async function browserBundleInputs(clientFile: string): Promise<string[]> {
  const bundled = await build({
    entryPoints: [clientFile],
    bundle: true,
    write: false,
    metafile: true,
    platform: 'browser',
    format: 'esm',
    logLevel: 'silent',
  });
  return Object.keys(bundled.metafile.inputs);
}

/** The console's Better Auth client with `plugins`, signed in with `cookieHeader`, talking to the in-process app. */
export const pluginClient = <const Plugins extends BetterAuthClientPlugin[]>(
  app: Hono,
  cookieHeader: string,
  plugins: Plugins,
) =>
  createAuthClient({
    baseURL: `${TEST_ORIGIN}/api/auth`,
    plugins,
    fetchOptions: {
      headers: { cookie: cookieHeader, origin: TEST_ORIGIN },
      customFetchImpl: async (url, init) => app.fetch(new Request(url, init)),
    },
  });
