import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BODY_NOT_FORM, BODY_NOT_JSON, validate } from './validate';

const body = z.object({
  name: z.string({ message: 'name must be text' }).trim().min(1, 'Name is required'),
  count: z.number({ message: 'count must be a number' }).int().default(1),
});

/** A tiny app that echoes what each route's handler received. */
const app = new Hono()
  .post('/json', validate('json', body), (c) => c.json(c.req.valid('json')))
  .post('/form', validate('form', z.object({ name: z.string({ message: 'name must be text' }) })), (c) =>
    c.json(c.req.valid('form')),
  )
  .get('/query', validate('query', z.object({ page: z.coerce.number().int().min(1, 'page must be 1 or more') })), (c) =>
    c.json(c.req.valid('query')),
  )
  .get('/items/:id', validate('param', z.object({ id: z.string().regex(/^\d+$/, 'id must be digits') })), (c) =>
    c.json(c.req.valid('param')),
  );

const send = async (path: string, init?: RequestInit) => {
  const response = await app.request(path, init);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};
const postJson = (text: string) =>
  send('/json', { method: 'POST', body: text, headers: { 'content-type': 'application/json' } });

describe('validate', () => {
  it('hands the handler the parsed value: trimmed, defaults filled, unknown fields dropped', async () => {
    expect(await postJson('{"name":"  Ada ","extra":true}')).toEqual({ status: 200, body: { name: 'Ada', count: 1 } });
  });

  it.each([
    ['not JSON', '{"name": "Ada",', 'BODY_NOT_JSON', BODY_NOT_JSON],
    ['an empty body', '', 'BODY_NOT_JSON', BODY_NOT_JSON],
    ['a missing field', '{"count": 2}', 'BAD_REQUEST', 'name must be text'],
    ['a wrong type', '{"name": ["Ada"]}', 'BAD_REQUEST', 'name must be text'],
    ['a rule broken', '{"name": "   "}', 'BAD_REQUEST', 'Name is required'],
    ['the second field wrong', '{"name": "Ada", "count": "2"}', 'BAD_REQUEST', 'count must be a number'],
    ['null', 'null', 'BAD_REQUEST', 'Invalid input: expected object, received null'],
  ])('refuses %s with a 400, its code and its message', async (_label, text, code, message) =>
    expect(await postJson(text)).toMatchObject({ status: 400, body: { code, message } }),
  );

  it('reads a form field by its first value, never as a prototype', async () => {
    const form = new FormData();
    form.append('name', 'first');
    form.append('name', 'second');
    form.append('__proto__', 'polluted');
    const response = await send('/form', { method: 'POST', body: form });
    expect(response).toEqual({ status: 200, body: { name: 'first' } });
    expect(({} as Record<string, unknown>).name).toBeUndefined();
  });

  it('refuses a form that cannot be read', async () => {
    const response = await send('/form', {
      method: 'POST',
      body: '--b\r\nContent-Disposition: form-data; name="name"\r\n\r\nAda',
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
    });
    expect(response).toMatchObject({ status: 400, body: { code: 'BODY_NOT_FORM', message: BODY_NOT_FORM } });
  });

  it('checks the query string and the path the same way', async () => {
    expect(await send('/query?page=2&page=9')).toEqual({ status: 200, body: { page: 2 } });
    expect(await send('/query?page=0')).toMatchObject({ status: 400, body: { message: 'page must be 1 or more' } });
    expect(await send('/items/42')).toEqual({ status: 200, body: { id: '42' } });
    expect(await send('/items/x')).toMatchObject({ status: 400, body: { message: 'id must be digits' } });
  });
});
