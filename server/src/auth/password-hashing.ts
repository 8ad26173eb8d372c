import crypto from 'node:crypto';
import os from 'node:os';
import { Worker } from 'node:worker_threads';

/** Better Auth's scrypt parameters (`better-auth/crypto`): hashes stay readable by either side. */
export const SCRYPT = { N: 16384, r: 16, p: 1, keyLength: 64 } as const;

/**
 * The hashing thread's own code, inline so it runs the same from the sources and the build. It
 * lowers its own priority first (Linux: a thread is a task with its own nice value), so that the
 * request thread wins the processor whenever both want it: a burst of sign-ins then slows only
 * sign-ins, never the session checks of everyone else.
 */
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { scryptSync } = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
try {
  const thread = Number(fs.readlinkSync('/proc/thread-self').split('/').pop());
  os.setPriority(thread, 19);
} catch {}
parentPort.on('message', ({ password, salt, N, r, p, keyLength }) => {
  const key = scryptSync(password, salt, keyLength, { N, r, p, maxmem: 128 * N * r * 2 });
  parentPort.postMessage(key.toString('hex'));
});
`;

interface Job {
  password: string;
  salt: string;
  resolve: (key: string) => void;
  reject: (error: Error) => void;
}

/**
 * Jobs handed to a thread at once. With a second one waiting in its queue, a thread starts it as soon
 * as it answers the first, instead of idling until the request thread, busy with other requests, reads
 * that answer and hands it the next.
 */
const JOBS_PER_THREAD = 2;

/**
 * How long a hashing thread waits for its next job before it stops. Sign-ins come in bursts, and a
 * thread holds about 8 MiB (its own V8 and Node): a server nobody signs in to keeps none of them, and
 * the first sign-in after a pause starts one again (a few tens of milliseconds).
 */
const IDLE_MS = 30_000;

interface Thread {
  /** Its jobs, in the order it answers them. */
  jobs: Job[];
  /** Stops it once it has had no job for `idleMs`. */
  idle?: NodeJS.Timeout;
}

/**
 * Password hashing on a few threads of its own, one per core, at the lowest priority. Node's own
 * scrypt runs on the libuv threadpool (four threads), where it queues file reads and WebCrypto
 * behind it and competes with the request thread at equal priority. `threadSource` is the threads'
 * code (tests give one that fails).
 */
export function createPasswordHasher({
  threads = os.availableParallelism(),
  threadSource = WORKER_SOURCE,
  idleMs = IDLE_MS,
}: { threads?: number; threadSource?: string; idleMs?: number } = {}) {
  const queue: Job[] = [];
  const running = new Map<Worker, Thread>();
  let closed = false;

  const start = () => {
    const worker = new Worker(threadSource, { eval: true });
    const thread: Thread = { jobs: [] };
    let failure: Error | undefined;
    worker.on('message', (key: string) => {
      thread.jobs.shift()?.resolve(key);
      if (thread.jobs.length === 0) {
        // An idle hashing thread never keeps the process alive; a busy one does, until it answers.
        worker.unref();
        thread.idle = setTimeout(() => {
          // Out of the running first, so that no job is handed to a thread on its way out.
          running.delete(worker);
          void worker.terminate();
        }, idleMs).unref();
      }
      pump();
    });
    // A thread that fails (or is stopped) takes its jobs with it: they fail, never hang.
    worker.on('error', (error) => (failure = error));
    worker.on('exit', () => {
      clearTimeout(thread.idle);
      for (const job of thread.jobs.splice(0)) job.reject(failure ?? new Error('Password hashing stopped'));
      running.delete(worker);
      pump();
    });
    running.set(worker, thread);
    return [worker, thread] as const;
  };

  /** The thread with the fewest jobs, below the limit; a new one first while there are fewer than `threads`. */
  const leastBusy = () => {
    let best: readonly [Worker, Thread] | undefined;
    for (const entry of running) if (!best || entry[1].jobs.length < best[1].jobs.length) best = entry;
    if (best?.[1].jobs.length === 0) return best;
    if (running.size < threads) return start();
    return best && best[1].jobs.length < JOBS_PER_THREAD ? best : undefined;
  };

  const pump = () => {
    while (queue.length > 0 && !closed) {
      const free = leastBusy();
      if (!free) return;
      const [worker, thread] = free;
      const job = queue.shift()!;
      clearTimeout(thread.idle);
      worker.ref();
      thread.jobs.push(job);
      worker.postMessage({ password: job.password, salt: job.salt, ...SCRYPT });
    }
  };

  const derive = (password: string, salt: string) =>
    new Promise<string>((resolve, reject) => {
      if (closed) return reject(new Error('Password hashing stopped'));
      queue.push({ password: password.normalize('NFKC'), salt, resolve, reject });
      pump();
    });

  return {
    /** `salt:key` in hex, as Better Auth writes it. */
    async hash(password: string): Promise<string> {
      const salt = crypto.randomBytes(16).toString('hex');
      return `${salt}:${await derive(password, salt)}`;
    },
    async verify({ hash, password }: { hash: string; password: string }): Promise<boolean> {
      const [salt, key] = hash.split(':');
      if (!salt || !key) throw new Error('Invalid password hash');
      const derived = Buffer.from(await derive(password, salt), 'hex');
      const stored = Buffer.from(key, 'hex');
      return derived.length === stored.length && crypto.timingSafeEqual(derived, stored);
    },
    /** Stops the threads: jobs still waiting or running fail (the server closes only once requests end). */
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.reject(new Error('Password hashing stopped'));
      await Promise.all([...running.keys()].map((worker) => worker.terminate()));
    },
  };
}

export type PasswordHasher = ReturnType<typeof createPasswordHasher>;
