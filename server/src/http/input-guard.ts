import type { MiddlewareHandler } from 'hono';
import { hasControlCharacter } from '../lib/control-characters';
import { apiError } from './api-error';

/** The same characters percent-encoded in a URL path: `%00`–`%1F`, except `%09`, `%0A` and `%0D`. */
const ENCODED_CONTROL_CHARACTER = /%(?:0[0-8bcef]|1[0-9a-f])/i;
/**
 * Far deeper than any body of ours; libraries that merge or copy a body recursively (Better Auth's
 * among them) overflow the stack some thousands of levels down.
 */
export const MAX_JSON_DEPTH = 32;
const LONGEST_SHOWN_NAME = 60;

const shown = (name: string) =>
  JSON.stringify(name.length > LONGEST_SHOWN_NAME ? `${name.slice(0, LONGEST_SHOWN_NAME)}…` : name);
const controlCharacterIn = (where: string) =>
  `Control characters are not allowed (found one in ${where}); text may contain tabs and line breaks only`;

interface Step {
  value: unknown;
  key: string | number | undefined;
  parent: Step | undefined;
  depth: number;
}

function pathOf(step: Step): string {
  const parts: string[] = [];
  for (let at: Step | undefined = step; at?.key !== undefined; at = at.parent) {
    parts.unshift(typeof at.key === 'number' ? `[${at.key}]` : `.${at.key}`);
  }
  return parts.join('').replace(/^\./, '');
}

/**
 * What is wrong with a parsed JSON body, if anything: a string or key with a control character, or
 * nesting past MAX_JSON_DEPTH. Iterative, and the field path is built only for the field reported.
 */
export function checkJsonInput(value: unknown): string | undefined {
  const stack: Step[] = [{ value, key: undefined, parent: undefined, depth: 0 }];
  while (stack.length > 0) {
    const step = stack.pop()!;
    if (typeof step.value === 'string') {
      if (hasControlCharacter(step.value)) {
        return controlCharacterIn(step.key === undefined ? 'the body' : `field ${shown(pathOf(step))}`);
      }
      continue;
    }
    if (step.value === null || typeof step.value !== 'object') continue;
    if (step.depth >= MAX_JSON_DEPTH) return `The body is nested too deeply (at most ${MAX_JSON_DEPTH} levels)`;
    const children = Array.isArray(step.value) ? step.value.entries() : Object.entries(step.value);
    for (const [key, item] of children) {
      if (typeof key === 'string' && hasControlCharacter(key)) return controlCharacterIn('a field name');
      stack.push({ value: item, key, parent: step, depth: step.depth + 1 });
    }
  }
  return undefined;
}

/** The same for form fields (names and text values); uploaded files are not text. */
function checkFormInput(entries: Iterable<[string, unknown]>): string | undefined {
  for (const [name, value] of entries) {
    if (hasControlCharacter(name)) return controlCharacterIn('a field name');
    if (typeof value === 'string' && hasControlCharacter(value)) return controlCharacterIn(`field ${shown(name)}`);
  }
  return undefined;
}

function checkUrlInput(url: URL): string | undefined {
  if (ENCODED_CONTROL_CHARACTER.test(url.pathname)) return controlCharacterIn('the URL path');
  for (const [name, value] of url.searchParams) {
    if (hasControlCharacter(name)) return controlCharacterIn('a query parameter name');
    if (hasControlCharacter(value)) return controlCharacterIn(`query parameter ${shown(name)}`);
  }
  return undefined;
}

/**
 * Requests that carry no body to check. Asking a GET for its body makes the server build a full
 * Request object (a tenth of a session check's time).
 */
export const BODILESS_METHODS = new Set(['GET', 'HEAD']);

async function checkBodyInput(request: Request): Promise<string | undefined> {
  if (!request.body) return undefined;
  const type = request.headers.get('content-type') ?? '';
  const essence = type.split(';')[0]!.trim().toLowerCase();
  // A copy is read: the handlers (Better Auth's among them) read the original request.
  const bytes = await request.clone().arrayBuffer();
  if (essence === 'multipart/form-data') {
    // A malformed form is for the handler to refuse, with its own message.
    const form = await new Response(bytes, { headers: { 'content-type': type } }).formData().catch(() => undefined);
    const problem = form ? checkFormInput(form.entries()) : undefined;
    if (problem) return problem;
  }
  const text = new TextDecoder().decode(bytes);
  if (essence === 'application/x-www-form-urlencoded') {
    const problem = checkFormInput(new URLSearchParams(text));
    if (problem) return problem;
  }
  // Whatever the declared type: some handlers parse the body as JSON without looking at it.
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined; // Not JSON: no handler reads text fields from it.
  }
  return checkJsonInput(parsed);
}

/**
 * Refuses, before any handler runs, an API request whose path, query string or body (JSON or form)
 * carries a C0 control character other than tab, line feed or carriage return, or whose JSON body
 * is nested absurdly deep: one clear 400 for every endpoint, instead of a value one database stores
 * and the other fails on, or a stack overflow inside a library.
 */
export function inputGuard(): MiddlewareHandler {
  return async (c, next) => {
    const problem =
      checkUrlInput(new URL(c.req.url)) ??
      (BODILESS_METHODS.has(c.req.method) ? undefined : await checkBodyInput(c.req.raw));
    if (problem) return apiError(c, 400, 'BAD_REQUEST', problem);
    await next();
  };
}
