import type { Auth } from '../auth/auth';
import type { Logger } from '../lib/logger';
import { currentRequestId } from '../lib/request-context';
import { OUTAGE_MESSAGES, type DependencyChecks } from './dependencies';

const json = (status: number, code: string, message: string) =>
  Response.json({ code, message, requestId: currentRequestId() }, { status, headers: { 'cache-control': 'no-store' } });

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
  // 502/503 carry a deliberate message (mail not configured or not delivered); other 5xx are bugs.
  if (response.status >= 500 && response.status !== 502 && response.status !== 503) {
    return serverError({ status: response.status, body: (await response.text()).slice(0, 500) });
  }
  return response;
}
