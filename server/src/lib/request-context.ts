import { AsyncLocalStorage } from 'node:async_hooks';

/** What belongs to the request being served, wherever the code that runs for it is. */
const storage = new AsyncLocalStorage<{ requestId: string }>();

export const runInRequest = <T>(requestId: string, work: () => T): T => storage.run({ requestId }, work);

/** The id of the request being served, if any (log lines and error bodies carry it). */
export const currentRequestId = (): string | undefined => storage.getStore()?.requestId;
