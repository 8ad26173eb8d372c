/** The server's message when there is one, else the screen's fallback text. */
export function messageOf(error: unknown, fallback: string): string {
  if (error && typeof error === 'object' && 'message' in error) {
    const message = (error as { message?: unknown }).message;
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return fallback;
}

/**
 * Awaits a Better Auth client call: its data, or an Error carrying the server's message (else the
 * fallback, which also covers a request that never got an answer).
 */
export async function unwrap<T>(request: Promise<{ data: T | null; error: unknown }>, fallback: string): Promise<T> {
  const { data, error } = await request.catch(() => ({ data: null, error: {} }));
  if (error || data === null || data === undefined) throw new Error(messageOf(error, fallback));
  return data;
}
