import { describe, expect, it } from 'vitest';
import type { Database } from './database';
import { inMembershipTurn } from './membership-turns';

/** The queue alone: the engines' own locks are tested with the endpoints (`organization-changes/owner-race.test.ts`). */
describe('membership changes in turn', () => {
  const database = { engine: 'sqlite' } as Database;

  it('starts each change once the one before has ended, whether it succeeded or failed', async () => {
    const steps: string[] = [];
    let finishFirst = () => {};
    const first = inMembershipTurn(database, async () => {
      steps.push('first starts');
      await new Promise<void>((resolve) => (finishFirst = resolve));
      steps.push('first fails');
      throw new Error('refused');
    });
    const second = inMembershipTurn(database, async () => {
      steps.push('second starts');
      return 'second done';
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(steps).toEqual(['first starts']);
    finishFirst();
    await expect(first).rejects.toThrow('refused');
    expect(await second).toBe('second done');
    expect(steps).toEqual(['first starts', 'first fails', 'second starts']);
  });

  it('keeps a queue per database: another instance’s changes never wait in it', async () => {
    let finish = () => {};
    const blocking = inMembershipTurn(database, () => new Promise<void>((resolve) => (finish = resolve)));
    expect(await inMembershipTurn({ engine: 'sqlite' } as Database, async () => 'other')).toBe('other');
    finish();
    await blocking;
  });
});
