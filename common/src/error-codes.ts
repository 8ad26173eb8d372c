/** Error codes of our own `/api/v1` API. Every error body is `{ code, message, requestId }`. */
export const API_ERROR_CODES = {
  BAD_REQUEST: 'BAD_REQUEST',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  INVALID_ORIGIN: 'INVALID_ORIGIN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  RATE_LIMITED: 'RATE_LIMITED',
  INTERNAL_SERVER_ERROR: 'INTERNAL_SERVER_ERROR',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
} as const;
export type ApiErrorCode = keyof typeof API_ERROR_CODES;

const CODE_OF_STATUS: Record<number, ApiErrorCode> = {
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

/** The generic code of a client error's status, for an answer that brings no code of its own. */
export const codeOfStatus = (status: number): ApiErrorCode => CODE_OF_STATUS[status] ?? 'BAD_REQUEST';

export interface ApiErrorBody {
  code: ApiErrorCode | (string & {});
  message: string;
  /** The request's id, also in the `x-request-id` header and in every log line about it. */
  requestId?: string | undefined;
}

/**
 * A success answer of `/api/v1` (docs/api.md): what was asked for under `data`, and facts about the
 * answer (how the caller signed in, list totals) beside it.
 */
export type ApiData<T, Beside extends object = object> = { data: T } & Beside;
