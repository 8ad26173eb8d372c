import { hc, type ClientResponse } from 'hono/client';
import type { ApiRoutes } from '#api-routes';
import { API_URL } from '@/config/api-url';
import { toRequestError } from './errors';

/**
 * The `/api/v1` routes, typed from the server's own declarations (paths, inputs, answers): for
 * example `api.admin.organizations[':id'].$get({ param: { id } })`. Every call sends the session
 * cookie; the browser adds the Origin header the server checks. Await a call with `answer()`.
 */
export const api = hc<ApiRoutes>(`${API_URL}/api/v1`, { init: { credentials: 'include' } });

/** A refusal, as every route may answer one (`ApiErrorBody`). */
type Refusal = { code: string; message: string };

/** What a call answers when it succeeds: its JSON, refusals left out. */
export type Answer<Response> =
  Response extends ClientResponse<infer Output, number, 'json'> ? (Output extends Refusal ? never : Output) : never;

/** Words for a failure the server did not explain, by its status (0: no answer at all). */
type Fallback = string | ((status: number) => string);

/**
 * The answer of a call of `api`; a failure (a refusal, or no answer) throws a RequestError, worded
 * as the error catalogue says, else as the server said, else as `fallback`.
 */
export async function answer<Response extends ClientResponse<unknown>>(
  request: Promise<Response>,
  fallback: Fallback,
): Promise<Answer<Response>> {
  const words = (status: number) => (typeof fallback === 'string' ? fallback : fallback(status));
  let response: Response;
  try {
    response = await request;
  } catch {
    throw toRequestError(null, words(0));
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    throw toRequestError({ ...(body as object | null), status: response.status }, words(response.status));
  }
  return body as Answer<Response>;
}

/** A value as a query string carries it: text (`true` → 'true'), a choice as itself. */
type Text<Value> = Value extends string ? Value : Value extends boolean ? `${Value}` : string;
/** A view's values as a query string carries them: only those set, as text. */
export type Query<View> = { [Key in keyof View]?: Text<NonNullable<View[Key]>> };

export function query<View extends Record<string, string | number | boolean | null | undefined>>(
  view: View,
): Query<View> {
  const entries = Object.entries(view).flatMap(([key, value]) =>
    value === undefined || value === null || value === '' ? [] : [[key, String(value)]],
  );
  return Object.fromEntries(entries) as Query<View>;
}

/** Path parameters as the URL carries them: each encoded (so a slash or a question mark in an id stays in it). */
export function params<Values extends Record<string, string>>(values: Values): Values {
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, encodeURIComponent(value)])) as Values;
}
