import { errorFields, type Logger } from '../../../lib/logger';

/**
 * Work done after a request has its answer: it neither delays nor fails it. A failure is logged;
 * `settled` waits for the work under way (tests, and a shutdown that wants it finished).
 */
export function backgroundTasks(logger: Logger) {
  const running = new Set<Promise<void>>();
  return {
    run(failure: string, task: () => Promise<void>) {
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
