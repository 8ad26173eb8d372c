import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { codeOfStatus, type ApiErrorBody, type ApiErrorCode } from '#common/error-codes';
import { currentRequestId } from '../lib/request-context';

/** Our error answer. `code` is one of ours, or a more precise one passed on from Better Auth. */
export function apiError(
  c: Context,
  status: ContentfulStatusCode,
  code: ApiErrorCode | (string & {}),
  message: string,
) {
  return c.json<ApiErrorBody>({ code, message, requestId: currentRequestId() }, status);
}

/**
 * A client error thrown by a Better Auth call, as our error answer: its status, its own code (else
 * the status's), its message. Anything else (a 5xx, a bug) is thrown on to the error handler.
 */
export function fromAuthError(c: Context, error: unknown, fallback: string) {
  const status = (error as { statusCode?: number }).statusCode;
  const body = (error as { body?: { message?: unknown; code?: unknown } }).body;
  if (!status || status < 400 || status >= 500) throw error;
  const code = typeof body?.code === 'string' && /^[A-Z][A-Z0-9_]*$/.test(body.code) ? body.code : codeOfStatus(status);
  return apiError(c, status as ContentfulStatusCode, code, typeof body?.message === 'string' ? body.message : fallback);
}
