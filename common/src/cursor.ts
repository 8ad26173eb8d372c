import { ERROR_CODES } from './error-codes';

/** The answer to a cursor that is not one the list gave (too long, forged, or of a wrong shape). */
export const CURSOR_NOT_VALID = ERROR_CODES.CURSOR_NOT_VALID;
