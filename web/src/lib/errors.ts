import { codeOfStatus } from '#common/error-status';
import { ERROR_MESSAGES, NETWORK_ERROR } from '#common/error-messages';

/**
 * How every failed call reaches a screen, whichever client made it: the HTTP status (0 when no
 * answer came), a code to branch on, and words ready to show.
 */
export class RequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'RequestError';
  }
}

const isCode = (value: unknown): value is string => typeof value === 'string' && /^[A-Z][A-Z0-9_]*$/.test(value);

/**
 * Any failure as a RequestError. Its words: the catalogue's for its code, else the server's (only
 * when a server answered: a thrown Error's text is not for people), else the screen's fallback.
 */
export function toRequestError(caught: unknown, fallback: string): RequestError {
  if (caught instanceof RequestError) return caught;
  const details = (caught && typeof caught === 'object' ? caught : {}) as Record<string, unknown>;
  const status = typeof details.status === 'number' && details.status >= 400 ? details.status : 0;
  const code = isCode(details.code) ? details.code : status ? codeOfStatus(status) : NETWORK_ERROR;
  const serverMessage =
    status && typeof details.message === 'string' && details.message.trim() ? details.message : undefined;
  return new RequestError(status, code, ERROR_MESSAGES[code] ?? serverMessage ?? fallback);
}

/**
 * Whether a failed read is asked again (once, a second later): when no answer came, or the server
 * failed (5xx), timed out (408) or was busy (429). A refusal (another 4xx: not found, forbidden, a
 * session too old, a view it does not serve) stands, and the screen says so at once.
 */
export function worthAskingAgain(failures: number, error: unknown): boolean {
  if (failures >= 1) return false;
  if (!(error instanceof RequestError)) return true;
  const { status } = error;
  return status === 0 || status >= 500 || status === 408 || status === 429;
}

/**
 * Awaits a Better Auth client call (`{ data, error }`): its data, or a RequestError. A call that
 * never got an answer rejects with the fallback's words.
 */
export async function unwrap<T>(request: Promise<{ data: T | null; error: unknown }>, fallback: string): Promise<T> {
  const { data, error } = await request.catch(() => ({ data: null, error: null }));
  if (error || data === null || data === undefined) throw toRequestError(error, fallback);
  return data;
}
