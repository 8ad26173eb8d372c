import { parseJSON } from 'better-auth/client';
import { API_URL } from '@/config/api-url';

export interface AuthFetchError {
  message?: string;
  code?: string;
  status: number;
  statusText: string;
}

export type AuthFetchResult<T> = { data: T | null; error: null } | { data: null; error: AuthFetchError };

/**
 * One call of the auth API with plain `fetch`, answered as Better Auth's client answers (`{ data,
 * error }`, ISO dates revived), for the only two calls made before anyone acts on /auth: reading
 * the session (every route's loader) and offering passkeys in the email field's autofill. Showing
 * /auth must not download the whole client for them (decision 0070); every other call goes through
 * `authClient` (`loadAuthClient` before sign-in). A request that gets no answer rejects, as there.
 */
export async function authFetch<T>(
  path: string,
  { method = 'GET', body }: { method?: 'GET' | 'POST'; body?: unknown } = {},
): Promise<AuthFetchResult<T>> {
  const response = await fetch(`${API_URL}/api/auth${path}`, {
    method,
    credentials: 'include',
    headers: body === undefined ? undefined : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  const parsed: unknown = text ? parseJSON(text, { strict: false }) : null;
  if (!response.ok) {
    const details = parsed && typeof parsed === 'object' ? parsed : {};
    return { data: null, error: { ...details, status: response.status, statusText: response.statusText } };
  }
  return { data: parsed as T | null, error: null };
}
