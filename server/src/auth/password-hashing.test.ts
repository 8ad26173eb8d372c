import fs from 'node:fs';
import { hashPassword, verifyPassword } from 'better-auth/crypto';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createPasswordHasher } from './password-hashing';

describe('password hashing on threads of its own', () => {
  const hasher = createPasswordHasher({ threads: 2 });
  afterAll(() => hasher.close());

  it('writes hashes Better Auth reads, and reads the hashes Better Auth writes', async () => {
    const ours = await hasher.hash('correct horse battery');
    expect(ours).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await verifyPassword({ hash: ours, password: 'correct horse battery' })).toBe(true);
    const theirs = await hashPassword('café au lait');
    // Normalised the same way (NFKC): the decomposed spelling is the same password.
    expect(await hasher.verify({ hash: theirs, password: 'cafe\u0301 au lait' })).toBe(true);
    expect(await hasher.verify({ hash: theirs, password: 'cafe au lait' })).toBe(false);
  });

  it('answers every job of a burst larger than its threads, each with its own result', async () => {
    const passwords = Array.from({ length: 7 }, (_, index) => `password-${index}`);
    const hashes = await Promise.all(passwords.map((password) => hasher.hash(password)));
    const checks = await Promise.all(
      hashes.flatMap((hash, index) => [
        hasher.verify({ hash, password: passwords[index]! }),
        hasher.verify({ hash, password: passwords[(index + 1) % passwords.length]! }),
      ]),
    );
    expect(checks).toEqual(passwords.flatMap(() => [true, false]));
  });

  it('refuses a hash that is not salt:key', async () => {
    await expect(hasher.verify({ hash: 'nonsense', password: 'x' })).rejects.toThrow('Invalid password hash');
  });

  it('runs its threads at the lowest priority, below the request thread', async () => {
    await hasher.hash('warm up');
    const nice = (task: string) =>
      Number(fs.readFileSync(`/proc/self/task/${task}/stat`, 'utf8').split(') ')[1]!.split(' ')[16]);
    const niceValues = fs.readdirSync('/proc/self/task').map(nice);
    expect(nice(String(process.pid))).toBe(0);
    expect(niceValues.filter((value) => value === 19).length).toBeGreaterThanOrEqual(1);
  });

  it('hands a thread its next job before it answers the one it is on, so it never waits for the request thread', async () => {
    // Answers, for each job, whether the next was already waiting on the thread when it finished.
    const source = `
      const { parentPort, receiveMessageOnPort } = require('node:worker_threads');
      const answer = () => {
        const next = receiveMessageOnPort(parentPort);
        parentPort.postMessage(next ? 'next-waiting' : 'alone');
        if (next) answer();
      };
      parentPort.on('message', answer);
    `;
    const pipelined = createPasswordHasher({ threads: 1, threadSource: source });
    const keys = await Promise.all([pipelined.hash('first'), pipelined.hash('second')]);
    await pipelined.close();
    expect(keys.map((key) => key.split(':')[1])).toEqual(['next-waiting', 'alone']);
  });

  it('fails the jobs running or waiting when it is closed, and every job after, instead of leaving them hanging', async () => {
    const closing = createPasswordHasher({ threads: 1 });
    const jobs = Promise.allSettled([closing.hash('running'), closing.hash('waiting')]);
    // The first job is on its thread once the thread has started.
    await new Promise((resolve) => setTimeout(resolve, 50));
    await closing.close();
    const stopped = { status: 'rejected', reason: new Error('Password hashing stopped') };
    expect(await jobs).toEqual([stopped, stopped]);
    await expect(closing.hash('later')).rejects.toThrow('Password hashing stopped');
  });

  it('fails a job whose thread fails or exits, and starts a new thread for the next', async () => {
    const onJob = (what: string) => `require('node:worker_threads').parentPort.on('message', () => { ${what} });`;
    const throwing = createPasswordHasher({ threads: 1, threadSource: onJob("throw new Error('thread failed')") });
    await expect(throwing.hash('first')).rejects.toThrow('thread failed');
    await expect(throwing.hash('second')).rejects.toThrow('thread failed');
    await throwing.close();
    const exiting = createPasswordHasher({ threads: 1, threadSource: onJob('process.exit(3)') });
    await expect(exiting.hash('first')).rejects.toThrow('Password hashing stopped');
    await expect(exiting.hash('second')).rejects.toThrow('Password hashing stopped');
    await exiting.close();
  });

  it('stops a thread that has had no job for a while, and starts one again for the next', async () => {
    const threadsOfProcess = () => fs.readdirSync('/proc/self/task').length;
    const pausing = createPasswordHasher({ threads: 1, idleMs: 200 });
    const before = threadsOfProcess();
    const first = await pausing.hash('first');
    expect(threadsOfProcess()).toBeGreaterThan(before);
    await vi.waitFor(() => expect(threadsOfProcess()).toBe(before), { timeout: 10_000 });
    const second = await pausing.hash('second');
    expect(await pausing.verify({ hash: first, password: 'first' })).toBe(true);
    expect(await pausing.verify({ hash: second, password: 'second' })).toBe(true);
    await pausing.close();
  });
});
