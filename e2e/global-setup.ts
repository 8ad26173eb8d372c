import type { TestProject } from 'vitest/node';
import { startServer } from './support/server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** The server's DATA_DIR: its SQLite file, for the few tests that must reach past the API. */
    dataDir: string;
  }
}

/** One real server for the whole end-to-end run; every test makes its own users. */
export default async function setup(project: TestProject) {
  // Every way in the console offers on: sign-in by mail shows its buttons on /auth.
  const server = await startServer({ EMAIL_SIGN_IN: 'link,code' });
  project.provide('baseURL', server.baseURL);
  project.provide('dataDir', server.dataDir);
  return async () => {
    await server.stop();
  };
}
