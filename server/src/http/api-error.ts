import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiErrorBody, ApiErrorCode } from '#common/error-codes';
import { currentRequestId } from '../lib/request-context';

export function apiError(c: Context, status: ContentfulStatusCode, code: ApiErrorCode, message: string) {
  return c.json<ApiErrorBody>({ code, message, requestId: currentRequestId() }, status);
}
