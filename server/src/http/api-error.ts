import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiErrorBody, ApiErrorCode } from '#common/error-codes';
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
