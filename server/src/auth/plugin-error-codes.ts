import { defineErrorCodes, type RawError } from '@better-auth/core/utils/error-codes';
import { ERROR_CODES, type ErrorCode } from '#common/error-codes';

/**
 * A plugin's `$ERROR_CODES` (Better Auth's `{ CODE: { code, message } }`), picked from the one
 * catalogue: a plugin names its codes, never writes their messages. Browser-safe (client plugins).
 */
export const pluginErrorCodes = <const Code extends ErrorCode>(...codes: Code[]): { [K in Code]: RawError<K> } =>
  defineErrorCodes(Object.fromEntries(codes.map((code) => [code, ERROR_CODES[code]])));

/** One error of the catalogue as Better Auth's `APIError.from(status, error)` takes it. */
export const errorOf = <const Code extends ErrorCode>(code: Code): RawError<Code> => ({
  code,
  message: ERROR_CODES[code],
});
