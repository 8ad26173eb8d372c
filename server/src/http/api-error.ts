import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ERROR_CODES, type ApiErrorBody, type ErrorCode } from '#common/error-codes';
import { codeOfStatus } from '#common/error-status';
import { currentRequestId } from '../lib/request-context';

/**
 * Our error answer: a code of the catalogue with its message. A code of `DETAILED_CODES` may bring a
 * message naming its case; `passOn` answers with a code and message Better Auth gave.
 */
export function apiError(c: Context, status: ContentfulStatusCode, code: ErrorCode, detail?: string) {
  return passOn(c, status, code, detail ?? ERROR_CODES[code]);
}

/** An answer with a code and message of Better Auth's, passed on as they came. */
function passOn(c: Context, status: ContentfulStatusCode, code: string, message: string) {
  return c.json<ApiErrorBody>({ code, message, requestId: currentRequestId() }, status);
}

/**
 * A client error thrown by a Better Auth call, as our error answer: its status, its own code (else
 * the status's), its message. Anything else (a 5xx, a bug) is thrown on to the error handler.
 */
export function fromAuthError(c: Context, error: unknown) {
  const status = (error as { statusCode?: number }).statusCode;
  const body = (error as { body?: { message?: unknown; code?: unknown } }).body;
  if (!status || status < 400 || status >= 500) throw error;
  const code = typeof body?.code === 'string' && /^[A-Z][A-Z0-9_]*$/.test(body.code) ? body.code : codeOfStatus(status);
  const message = typeof body?.message === 'string' ? body.message : (ERROR_CODES as Record<string, string>)[code];
  return passOn(c, status as ContentfulStatusCode, code, message ?? ERROR_CODES[codeOfStatus(status)]);
}
