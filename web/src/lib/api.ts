import type { ApiErrorBody } from '#common/error-codes';
import { API_URL } from './auth-fetch';
import { toRequestError } from './errors';

/** Words for a failure the server did not explain, by its status (0: no answer at all). */
type Fallback = string | ((status: number) => string);

/** Calls our `/api/v1` API with the session cookie; a failure throws a RequestError. */
export async function api<T>(
  path: string,
  init: RequestInit = {},
  fallback: Fallback = 'An error occurred',
): Promise<T> {
  const words = (status: number) => (typeof fallback === 'string' ? fallback : fallback(status));
  let response: Response;
  try {
    response = await fetch(`${API_URL}/api/v1${path}`, {
      ...init,
      credentials: 'include',
      headers:
        init.body && !(init.body instanceof FormData)
          ? { 'content-type': 'application/json', ...init.headers }
          : init.headers,
    });
  } catch {
    throw toRequestError(null, words(0));
  }
  const body = (await response.json().catch(() => null)) as (T & Partial<ApiErrorBody>) | null;
  if (!response.ok) throw toRequestError({ ...body, status: response.status }, words(response.status));
  return body as T;
}
