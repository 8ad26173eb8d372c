/**
 * Runs `work` `count` times, at most `concurrency` at once, and returns the seconds from the first
 * start to the last finish: nothing is left running past the measurement.
 */
export async function runCounted(count: number, concurrency: number, work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  let begun = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (begun < count) {
        begun += 1;
        await work();
      }
    }),
  );
  return (performance.now() - started) / 1000;
}
