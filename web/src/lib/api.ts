import type { ApiErrorBody } from '#common/error-codes';
import { API_URL } from './auth-fetch';
import { toRequestError } from './errors';

/** Calls our `/api/v1` API with the session cookie; a failure throws a RequestError. */
export async function api<T>(path: string, init: RequestInit = {}, fallback = 'An error occurred'): Promise<T> {
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
    throw toRequestError(null, fallback);
  }
  const body = (await response.json().catch(() => null)) as (T & Partial<ApiErrorBody>) | null;
  if (!response.ok) throw toRequestError({ ...body, status: response.status }, fallback);
  return body as T;
}
