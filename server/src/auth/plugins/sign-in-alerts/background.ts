import { errorFields, type Logger } from '../../../lib/logger';

/** Tasks under way at once; past this, new ones are refused and logged, not held without end. */
export const MAX_RUNNING = 1_000;

/**
 * Work done after a request has its answer: it neither delays nor fails it. A failure is logged;
 * `settled` waits for the work under way (tests, and a shutdown that wants it finished). When a
 * slow mail server leaves `MAX_RUNNING` tasks under way, a new one is not run: logged as failed.
 */
export function backgroundTasks(logger: Logger) {
  // Each task leaves the set when it ends, whatever the outcome (`finally`): it holds the work under way.
  const running = new Set<Promise<void>>();
  return {
    run(failure: string, task: () => Promise<void>) {
      if (running.size >= MAX_RUNNING) {
        logger.error(failure, { error: 'too many tasks under way', running: running.size });
        return;
      }
      const promise: Promise<void> = Promise.resolve()
        .then(task)
        .catch((error: unknown) => logger.error(failure, errorFields(error)))
        .finally(() => running.delete(promise));
      running.add(promise);
    },
    async settled() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}
