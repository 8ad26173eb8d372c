import type { Auth } from '../auth/auth';
import type { Logger } from '../lib/logger';

const json = (status: number, code: string, message: string) =>
  Response.json({ code, message }, { status, headers: { 'cache-control': 'no-store' } });

/**
 * Better Auth's handler, with the edges made uniform: every error is a JSON `{ code, message }`
 * (an unknown auth route answers an empty 404 otherwise) and a server error never leaks details.
 */
export async function handleAuthRequest(auth: Auth, request: Request, logger: Logger): Promise<Response> {
  let response: Response;
  try {
    response = await auth.handler(request);
  } catch (error) {
    logger.error('auth handler failed', { path: new URL(request.url).pathname, error: String(error) });
    return json(500, 'INTERNAL_SERVER_ERROR', 'Internal server error');
  }
  if (response.status === 404 && !response.headers.get('content-type')?.includes('json')) {
    return json(404, 'NOT_FOUND', `No auth route for ${request.method} ${new URL(request.url).pathname}`);
  }
  // 502/503 carry a deliberate message (mail not configured or not delivered); other 5xx are bugs.
  if (response.status >= 500 && response.status !== 502 && response.status !== 503) {
    const body = await response.text();
    logger.error('auth handler answered a server error', {
      path: new URL(request.url).pathname,
      status: response.status,
      body: body.slice(0, 500),
    });
    return json(500, 'INTERNAL_SERVER_ERROR', 'Internal server error');
  }
  return response;
}
