import fc from 'fast-check';
import type { Endpoint } from './endpoints';
import { jsonBodyArbitraries, type JsonArbitraries } from './json';
import { POLLUTION_KEYS, type StringArbitraries } from './strings';

export type BodySpec =
  | { kind: 'none' }
  | { kind: 'text'; contentType: string | null; text: string }
  | { kind: 'bytes'; contentType: string | null; bytes: Uint8Array }
  | { kind: 'multipart'; fields: Array<[string, string | FileSpec]> };

export interface FileSpec {
  file: 'png' | 'bytes' | 'text' | 'empty';
  bytes: Uint8Array;
  name: string;
  type: string;
}

/** Content types, right and wrong, for bodies and for a fuzzed header. */
export const contentType = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'application/vnd.api+json',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=fuzz',
  'application/octet-stream',
  'image/png',
  'text/html',
);

/** Bodies of every kind: JSON with one field broken most often, then anything a client could send. */
export function bodyArbitrary(
  endpoint: Endpoint,
  strings: StringArbitraries,
  json: JsonArbitraries,
  ownKeys: string[],
  allKeys: string[],
): fc.Arbitrary<BodySpec> {
  const { mutatedObject, shapedObject } = jsonBodyArbitraries(strings, json, ownKeys, allKeys);
  const invalidJson = fc.oneof(
    fc.constantFrom('{', '{"a":', "{'a':1}", '{"a":1,}', '[1,2', 'nul', '{"a":1}garbage', '\u0000', '{"a":"\\x00"}'),
    fc.string({ unit: 'binary-ascii', maxLength: 40 }),
  );
  const deepJson = fc
    .tuple(fc.constantFrom('[', '{"a":'), fc.integer({ min: 1_000, max: 200_000 }))
    .map(([open, depth]) => open.repeat(depth) + '1' + (open === '[' ? ']' : '}').repeat(depth));
  const formEncoded = fc
    .array(fc.tuple(fc.constantFrom(...ownKeys, ...POLLUTION_KEYS), strings.any), { maxLength: 5 })
    .map((entries) => new URLSearchParams(entries).toString());

  const fileSpec: fc.Arbitrary<FileSpec> = fc.record({
    file: fc.constantFrom('png', 'png', 'bytes', 'text', 'empty'),
    bytes: fc.uint8Array({ maxLength: 64 }),
    name: fc.oneof(fc.constantFrom('a.png', 'a.svg', '../../x.png', ''), strings.any),
    type: fc.constantFrom('image/png', 'image/svg+xml', 'text/html', 'application/octet-stream', ''),
  });
  const multipart = fc
    .array(
      fc.oneof(
        fc.tuple(fc.constant('file'), fc.oneof(fileSpec, strings.any)),
        fc.tuple(fc.constantFrom('category', 'isPublic', 'description'), strings.forKey('description')),
        fc.tuple(fc.constantFrom(...POLLUTION_KEYS), strings.any),
      ),
      { maxLength: 5 },
    )
    .map((fields): BodySpec => ({ kind: 'multipart', fields }));

  const jsonBody = (text: fc.Arbitrary<string>): fc.Arbitrary<BodySpec> =>
    text.map((value) => ({ kind: 'text', contentType: 'application/json', text: value }));
  return fc.oneof(
    { weight: endpoint.multipart ? 12 : 0, arbitrary: multipart },
    { weight: 16, arbitrary: jsonBody(mutatedObject) },
    { weight: 5, arbitrary: jsonBody(shapedObject) },
    { weight: 2, arbitrary: jsonBody(json.value) },
    { weight: 2, arbitrary: jsonBody(invalidJson) },
    { weight: 1, arbitrary: jsonBody(deepJson) },
    {
      weight: 2,
      arbitrary: formEncoded.map((text): BodySpec => ({
        kind: 'text',
        contentType: 'application/x-www-form-urlencoded',
        text,
      })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.option(contentType), fc.uint8Array({ maxLength: 200 }))
        .map(([type, bytes]): BodySpec => ({ kind: 'bytes', contentType: type, bytes })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(contentType, shapedObject)
        .map(([type, text]): BodySpec => ({ kind: 'text', contentType: type, text })),
    },
    {
      // Over the API's body limit.
      weight: 1,
      arbitrary: fc
        .integer({ min: 1024 * 1024 + 1, max: 1024 * 1024 + 4096 })
        .map((size): BodySpec => ({ kind: 'text', contentType: 'application/json', text: `"${'a'.repeat(size)}"` })),
    },
    { weight: 1, arbitrary: fc.constant<BodySpec>({ kind: 'none' }) },
  );
}
