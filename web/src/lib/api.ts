import type { ApiAnswer } from '#common/api-answers';
import type { ApiErrorBody } from '#common/error-codes';
import { API_URL } from './auth-fetch';
import { toRequestError } from './errors';

/** Words for a failure the server did not explain, by its status (0: no answer at all). */
type Fallback = string | ((status: number) => string);

/** The method a call's init names (GET when it names none). */
type MethodOf<Init> = Init extends { method: infer Method extends string } ? Method : 'GET';
/** What a call answers: the shape it names, else its route's answer (`ApiAnswers`). */
type Answer<Shape, Init, Path extends string> = [Shape] extends [never]
  ? ApiAnswer<MethodOf<Init>, `/api/v1${Path}`>
  : Shape;

/**
 * Calls our `/api/v1` API with the session cookie; a failure throws a RequestError. The answer's
 * type comes from the method and path (`ApiAnswers`), unless the call names one: `api<Shape>(…)`.
 */
export async function api<Shape = never, Path extends string = string, const Init extends RequestInit = RequestInit>(
  path: Path,
  init: Init = {} as Init,
  fallback: Fallback = 'An error occurred',
): Promise<Answer<NoInfer<Shape>, Init, Path>> {
  type T = Answer<Shape, Init, Path>;
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
