import type { ApiErrorCode } from './error-codes';

// Apart from the catalogue: the console's first screen needs this, not every message (its budget).
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
