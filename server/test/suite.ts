import { afterAll, beforeAll } from 'vitest';
import {
  createSharedInstances,
  createTestContext,
  type Engine,
  type TestContext,
  type TestContextOptions,
} from './test-context';

/**
 * A context for the tests of one `describe` block: made before its first test, destroyed after its
 * last. Read `suite.context` in tests and hooks, never while the tests are being collected.
 */
export function contextPerSuite(engine: Engine, options: TestContextOptions = {}) {
  const suite = {} as { context: TestContext };
  beforeAll(async () => {
    suite.context = await createTestContext(engine, options);
  });
  afterAll(async () => suite.context?.destroy());
  return suite;
}

/** The same for two instances on one database and Redis (`createSharedInstances`). */
export function sharedInstancesPerSuite(engine: Engine, options: Parameters<typeof createSharedInstances>[1] = {}) {
  const suite = {} as Awaited<ReturnType<typeof createSharedInstances>>;
  beforeAll(async () => {
    Object.assign(suite, await createSharedInstances(engine, options));
  });
  afterAll(async () => suite.destroy?.());
  return suite;
}
