/** API keys created from the console last 30 days. */
export const API_KEY_DEFAULT_EXPIRES_IN_SECONDS = 2_592_000;
/** Calls one key may make per window, then 429 until the window passes. */
export const API_KEY_RATE_LIMIT = { maxRequests: 600, timeWindowMs: 60_000 } as const;
export const API_KEY_HEADER = 'x-api-key';
