/**
 * The application behind a request to the token endpoint: HTTP Basic credentials (RFC 6749 §2.3.1,
 * the id form-encoded) or a `client_id` in the body. Only the id is read: never the secret, the
 * code, the verifier or a token, none of which belongs in the audit trail.
 */
export function tokenRequestClientId(headers: Headers | undefined, body: Record<string, unknown>): string | undefined {
  const basic = /^Basic\s+(\S+)$/i.exec(headers?.get('authorization') ?? '')?.[1];
  if (basic) {
    const decoded = Buffer.from(basic, 'base64').toString('utf8');
    const separator = decoded.indexOf(':');
    if (separator > 0) {
      try {
        return decodeURIComponent(decoded.slice(0, separator));
      } catch {
        return undefined;
      }
    }
  }
  return typeof body.client_id === 'string' && body.client_id !== '' ? body.client_id : undefined;
}
