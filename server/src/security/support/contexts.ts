import { createTestContext, type Engine, type TestContext, type TestContextOptions } from '../../testing/test-context';

/**
 * One context per engine for a whole file, made on first use: a file's chapters share it, so each
 * engine pays for its start (and its migrations) once. Options may be computed at first use (for
 * values known only once the file runs, like a mail sink's address). Call `destroyAll` from a
 * top-level afterAll.
 */
export function sharedContexts(options: TestContextOptions | (() => Promise<TestContextOptions>) = {}) {
  const started = new Map<Engine, Promise<TestContext>>();
  return {
    get(engine: Engine): Promise<TestContext> {
      let context = started.get(engine);
      if (!context) {
        context = (typeof options === 'function' ? options() : Promise.resolve(options)).then((resolved) =>
          createTestContext(engine, resolved),
        );
        started.set(engine, context);
      }
      return context;
    },
    async destroyAll() {
      const contexts = await Promise.allSettled(started.values());
      started.clear();
      for (const context of contexts) if (context.status === 'fulfilled') await context.value.destroy();
    },
  };
}
