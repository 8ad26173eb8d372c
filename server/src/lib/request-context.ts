import { AsyncLocalStorage } from 'node:async_hooks';

/** The person a request acts for, as the audit trail names them: who, from which address and browser. */
export interface RequestActor {
  userId: string;
  ipAddress: string | null;
  userAgent: string | null;
}

/** What belongs to the request being served, wherever the code that runs for it is. */
const storage = new AsyncLocalStorage<{ requestId: string; actor?: RequestActor }>();

export const runInRequest = <T>(requestId: string, work: () => T): T => storage.run({ requestId }, work);

/** The id of the request being served, if any (log lines and error bodies carry it). */
export const currentRequestId = (): string | undefined => storage.getStore()?.requestId;

/** Names who the request being served acts for, once they are known (the admin routes do). */
export const noteActor = (actor: RequestActor): void => {
  const store = storage.getStore();
  if (store) store.actor = actor;
};

/** Who the request being served acts for, if a route named them. */
export const currentActor = (): RequestActor | undefined => storage.getStore()?.actor;
