import { parseJSON } from 'better-auth/client';

/** The API may live on another origin (then it lists this SPA in TRUSTED_ORIGINS). */
export const API_URL = (import.meta.env.VITE_API_URL as string | undefined) ?? window.location.origin;

export interface AuthFetchError {
  message?: string;
  code?: string;
  status: number;
  statusText: string;
}

export type AuthFetchResult<T> = { data: T | null; error: null } | { data: null; error: AuthFetchError };

/**
 * One call of the auth API with plain `fetch`, answered as Better Auth's client answers (`{ data,
 * error }`, ISO dates revived). The sign-in screen's first calls go through it so that showing
 * /auth does not download the whole client; a request that gets no answer rejects, as there.
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
