import { afterAll } from 'vitest';
import { createTestContext, type Engine, type TestContext, type TestContextOptions } from '#test/test-context';
import { plainUser, type Person } from './principals';

/**
 * One context per engine for a whole file, made on first use: a file's chapters share it, so each
 * engine pays for its start (and its migrations) once. Options may be computed at first use (for
 * values known only once the file runs, like a mail sink's address). Made at the top level of a
 * file, the contexts are destroyed after its last test.
 */
export function sharedContexts(options: TestContextOptions | (() => Promise<TestContextOptions>) = {}) {
  const started = new Map<Engine, Promise<TestContext>>();
  const get = (engine: Engine): Promise<TestContext> => {
    let context = started.get(engine);
    if (!context) {
      context = (typeof options === 'function' ? options() : Promise.resolve(options)).then((resolved) =>
        createTestContext(engine, resolved),
      );
      started.set(engine, context);
    }
    return context;
  };
  const destroyAll = async () => {
    const contexts = await Promise.allSettled(started.values());
    started.clear();
    for (const context of contexts) if (context.status === 'fulfilled') await context.value.destroy();
  };
  afterAll(destroyAll);
  return {
    get,
    /**
     * What most chapters start from: the engine's context and a new plain account for each label,
     * signed up in order (`[context, victim] = await contexts.withUsers(engine, 'Victim')`).
     */
    async withUsers<const Labels extends readonly string[]>(engine: Engine, ...labels: Labels) {
      const context = await get(engine);
      const people: Person[] = [];
      for (const label of labels) people.push(await plainUser(context, label));
      // One person per label, in their order.
      return [context, ...people] as unknown as [TestContext, ...{ [Index in keyof Labels]: Person }];
    },
    destroyAll,
  };
}
