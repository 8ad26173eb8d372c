import type { Hono } from 'hono';
import type { ApiAnswer } from './route-answers';
import type { ApiErrorBody } from '#common/error-codes';
import type { AuthAnswer } from './auth-answers';
import { TEST_ORIGIN } from './test-context';

/** What a request answers when it succeeds, from the path (`/api/auth` or `/api/v1`); unknown for other paths. */
export type Answer<Method extends string, Path extends string> = Path extends `/api/auth/${string}`
  ? AuthAnswer<Method, Path>
  : ApiAnswer<Method, Path>;

/**
 * A body as tests read it: the answer, and a refusal's `code` and `message` beside it (tests check
 * the status first, as the console does). What is unknown stays unknown.
 */
export type TestBody<T> = unknown extends T
  ? unknown
  : [T] extends [never]
    ? unknown
    : T extends null
      ? null
      : T & Partial<ApiErrorBody>;

/** A response as tests read it; the client gives `TestResponse<TestBody<answer>>`. */
export interface TestResponse<Body = unknown> {
  status: number;
  headers: Headers;
  body: Body;
  text: string;
}

/** An answer named at the call (`get<Shape>(path)`, for a route no map lists) wins over the path's. */
type Named<Shape, FromPath> = [Shape] extends [never] ? FromPath : Shape;
type RequestOptions = { json?: unknown; body?: RequestInit['body']; headers?: Record<string, string> };

/** A browser-like client for the in-process app: keeps cookies, sends the Origin header. */
export class TestClient {
  private cookies = new Map<string, string>();

  constructor(private readonly app: Hono) {}

  get cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  async request<Shape = never, Method extends string = string, Path extends string = string>(
    method: Method,
    path: Path,
    init: RequestOptions = {},
  ): Promise<TestResponse<TestBody<Named<NoInfer<Shape>, Answer<Method, Path>>>>> {
    type Body = TestBody<Named<Shape, Answer<Method, Path>>>;
    const headers = new Headers({ origin: TEST_ORIGIN, ...init.headers });
    if (this.cookies.size > 0) headers.set('cookie', this.cookieHeader);
    let body = init.body;
    if (init.json !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(init.json);
    }
    const response = await this.app.fetch(new Request(`${TEST_ORIGIN}${path}`, { method, headers, body }));
    for (const setCookie of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = setCookie.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = attributes.some((attribute) => /max-age=0\b/i.test(attribute.trim())) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON: the text is the body.
    }
    return { status: response.status, headers: response.headers, body: parsed as Body, text };
  }

  get<Shape = never, Path extends string = string>(path: Path, headers?: Record<string, string>) {
    return this.request<Shape, 'GET', Path>('GET', path, headers ? { headers } : {});
  }

  post<Shape = never, Path extends string = string>(path: Path, json?: unknown, headers?: Record<string, string>) {
    return this.request<Shape, 'POST', Path>('POST', path, { json: json ?? {}, ...(headers ? { headers } : {}) });
  }
}
