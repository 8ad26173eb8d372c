import type { Auth } from '../auth/auth';
import type { Logger } from '../lib/logger';
import { currentRequestId } from '../lib/request-context';
import { OUTAGE_MESSAGES, type DependencyChecks } from './dependencies';

const json = (status: number, code: string, message: string) =>
  Response.json({ code, message, requestId: currentRequestId() }, { status, headers: { 'cache-control': 'no-store' } });

/**
 * Better Auth's limiter answers with a bare message and `X-Retry-After`: the answer every other 429
 * gives instead, with its code and the standard `Retry-After`.
 */
async function tooManyRequests(response: Response): Promise<Response> {
  const seconds = Math.max(1, Number(response.headers.get('x-retry-after')) || 60);
  const body = (await response.json().catch(() => undefined)) as { code?: unknown; message?: unknown } | undefined;
  const message = typeof body?.message === 'string' ? body.message : 'Too many requests. Please try again later.';
  const answer = json(429, typeof body?.code === 'string' ? body.code : 'RATE_LIMITED', message);
  answer.headers.set('retry-after', String(seconds));
  return answer;
}

/**
 * Better Auth's handler, with the edges made uniform: every error is a JSON `{ code, message }`
 * (an unknown auth route answers an empty 404 otherwise) and a server error never leaks details.
 */
export async function handleAuthRequest(
  auth: Auth,
  request: Request,
  logger: Logger,
  dependencies: DependencyChecks,
): Promise<Response> {
  const path = new URL(request.url).pathname;
  /** A server error while a dependency is down is an outage: 503, and it heals by itself. */
  const serverError = async (details: Record<string, unknown>) => {
    const down = await dependencies.firstDown();
    if (down) {
      logger.warn('dependency unavailable', { dependency: down, path });
      return json(503, 'SERVICE_UNAVAILABLE', OUTAGE_MESSAGES[down]);
    }
    logger.error('auth handler failed', { path, ...details });
    return json(500, 'INTERNAL_SERVER_ERROR', 'Internal server error');
  };
  let response: Response;
  try {
    response = await auth.handler(request);
  } catch (error) {
    return serverError({ error: String(error) });
  }
  auth.auditRefusal(request, response);
  if (response.status === 404 && !response.headers.get('content-type')?.includes('json')) {
    return json(404, 'NOT_FOUND', `No auth route for ${request.method} ${path}`);
  }
  if (response.status === 429 && !response.headers.has('retry-after')) return tooManyRequests(response);
  // 502/503 carry a deliberate message (mail not configured or not delivered); other 5xx are bugs.
  if (response.status >= 500 && response.status !== 502 && response.status !== 503) {
    return serverError({ status: response.status, body: (await response.text()).slice(0, 500) });
  }
  return response;
}
