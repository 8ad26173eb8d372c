import type { Context, Env, MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import { ERROR_CODES } from '#common/error-codes';
import { apiError } from './api-error';

/** Where a route's input comes from: a JSON body, a multipart form, the query string, the path. */
export type InputTarget = 'json' | 'form' | 'query' | 'param';

export const BODY_NOT_JSON = ERROR_CODES.BODY_NOT_JSON;
export const BODY_NOT_FORM = ERROR_CODES.BODY_NOT_FORM;

const UNREADABLE = Symbol('unreadable');

/** The first value of each field, as `FormData.get` and `c.req.query()` read them; no prototype to pollute. */
function formFields(form: FormData): Record<string, File | string> {
  const fields: Record<string, File | string> = Object.create(null);
  for (const [name, value] of form) if (!(name in fields)) fields[name] = value;
  return fields;
}

async function read(c: Context, target: InputTarget): Promise<unknown> {
  switch (target) {
    case 'json':
      return c.req.json().catch(() => UNREADABLE);
    case 'form':
      return c.req.formData().then(formFields, () => UNREADABLE);
    case 'query':
      return c.req.query();
    case 'param':
      return c.req.param();
  }
}

/** What a refusal says: the first issue's message (our schemas word them for people). */
const firstIssue = (error: z.ZodError): string => error.issues[0]?.message ?? 'Invalid request';

/**
 * Checks one input of a route with its zod schema before the handler runs. A refusal is a 400
 * `{ code: 'BAD_REQUEST', message }`; the handler reads the parsed value, typed, with
 * `c.req.valid(target)`. Every `/api/v1` route reads its body, query and path this way only.
 */
export function validate<Target extends InputTarget, Schema extends z.ZodType>(
  target: Target,
  schema: Schema,
): MiddlewareHandler<
  Env,
  string,
  { in: { [K in Target]: z.input<Schema> }; out: { [K in Target]: z.output<Schema> } }
> {
  return async (c, next) => {
    const value = await read(c, target);
    if (value === UNREADABLE) return apiError(c, 400, target === 'json' ? 'BODY_NOT_JSON' : 'BODY_NOT_FORM');
    const parsed = await schema.safeParseAsync(value);
    if (!parsed.success) return apiError(c, 400, 'BAD_REQUEST', firstIssue(parsed.error));
    c.req.addValidatedData(target, parsed.data as object);
    await next();
  };
}
