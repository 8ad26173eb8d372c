import http from 'node:http';
import https from 'node:https';

export interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Header names as received, in order, repeated as often as sent. */
  rawHeaderNames: string[];
  body: string;
}

export interface Send {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** The local address the connection is made from. */
  from: string;
}

/** One request from a chosen loopback address (fetch cannot choose it), over HTTP or HTTPS. */
export function send(url: string, { method = 'GET', headers = {}, body, from }: Send, ca?: string): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const transport = url.startsWith('https:') ? https : http;
    const request = transport.request(url, { method, headers, localAddress: from, ca, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          rawHeaderNames: response.rawHeaders.filter((_, index) => index % 2 === 0).map((name) => name.toLowerCase()),
          body: Buffer.concat(chunks).toString(),
        }),
      );
      response.on('error', reject);
    });
    request.setTimeout(30_000, () => request.destroy(new Error(`${method} ${url} timed out`)));
    request.on('error', reject);
    request.end(body);
  });
}

/** The session cookies a sign-in set, ready to send back. */
export const cookiesOf = (reply: Reply) =>
  (reply.headers['set-cookie'] ?? []).map((cookie) => cookie.split(';')[0]).join('; ');
