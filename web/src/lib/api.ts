import type { ApiErrorBody } from '#common/error-codes';
import { API_URL } from './auth-fetch';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Calls our `/api/v1` API with the session cookie; errors carry the server's message. */
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
    throw new ApiError(0, fallback);
  }
  const body = (await response.json().catch(() => null)) as (T & Partial<ApiErrorBody>) | null;
  if (!response.ok) throw new ApiError(response.status, body?.message ?? fallback);
  return body as T;
}
