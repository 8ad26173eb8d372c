import { describe, expect, it } from 'vitest';
import { createLogger, type LogFields } from '../../../lib/logger';
import { backgroundTasks, MAX_RUNNING } from './background';

const FAILURE = 'sign-in alert failed';

/** Tasks with their errors kept, and a gate the tasks that wait on it pass once opened. */
function setup() {
  const errors: { message: string; fields: LogFields }[] = [];
  const logger = {
    ...createLogger('silent'),
    error: (message: string, fields: LogFields = {}) => errors.push({ message, fields }),
  };
  let open = () => {};
  const gate = new Promise<void>((resolve) => (open = resolve));
  return { tasks: backgroundTasks(logger), errors, gate, open: () => open() };
}

describe('background tasks of the sign-in alerts', () => {
  it('refuses and logs a task past the bound, and takes as many again once the work under way ended', async () => {
    const { tasks, errors, gate, open } = setup();
    let started = 0;
    const waiting = async (fails: boolean) => {
      started += 1;
      await gate;
      if (fails) throw new Error('mail server away');
    };
    for (let n = 0; n < MAX_RUNNING + 2; n += 1) tasks.run(FAILURE, () => waiting(n % 2 === 1));
    await new Promise(setImmediate);
    expect(started).toBe(MAX_RUNNING);
    expect(errors).toEqual([
      { message: FAILURE, fields: { error: 'too many tasks under way', running: MAX_RUNNING } },
      { message: FAILURE, fields: { error: 'too many tasks under way', running: MAX_RUNNING } },
    ]);

    open();
    await new Promise(setImmediate);
    // Every task that ended, failed ones too, left its place (read before `settled`, which needs it).
    for (let n = 0; n < MAX_RUNNING; n += 1) tasks.run(FAILURE, () => waiting(false));
    await new Promise(setImmediate);
    expect(started).toBe(2 * MAX_RUNNING);
    expect(errors.filter((error) => error.fields.error === 'too many tasks under way')).toHaveLength(2);
    await tasks.settled();
  });

  it('runs each task after the call, logs a failure, and is settled once all have ended', async () => {
    const { tasks, errors } = setup();
    const done: string[] = [];
    tasks.run(FAILURE, async () => void done.push('first'));
    tasks.run(FAILURE, () => Promise.reject(new Error('mail server away')));
    expect(done).toEqual([]);
    await tasks.settled();
    expect(done).toEqual(['first']);
    expect(errors).toEqual([{ message: FAILURE, fields: expect.objectContaining({ error: 'mail server away' }) }]);
  });
});
