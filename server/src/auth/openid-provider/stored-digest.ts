import { createHash } from 'node:crypto';

/**
 * How codes, tokens and client secrets are stored: the plugin's own hash (SHA-256, base64url without
 * padding, so rows already stored still match), computed synchronously. The plugin's asynchronous
 * Web Crypto digest cost about a tenth of each userinfo request (`bench:openid`, decision 0082).
 */
export const storedDigestOf = (value: string) => createHash('sha256').update(value).digest('base64url');
