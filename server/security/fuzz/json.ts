import fc from 'fast-check';
import {
  BOOLEAN_FIELDS,
  DATE_FIELDS,
  isNumeric,
  MORE_USER_COLUMNS,
  POLLUTION_KEYS,
  type StringArbitraries,
  USER_COLUMNS,
} from './strings';

/** JSON text, built as text so that `__proto__` keys, duplicate keys and odd numbers survive. */
export function jsonArbitraries(strings: StringArbitraries, keys: string[]) {
  const numberText = fc.oneof(
    fc.integer().map(String),
    fc.double({ noNaN: true, noDefaultInfinity: true }).map((value) => JSON.stringify(value)),
    fc.constantFrom(
      '1e400',
      '-1e400',
      '1e308',
      '1e-400',
      '9007199254740993',
      '123456789012345678901234567890',
      '-0',
      '-1',
      '0.5',
    ),
  );
  const key = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...keys) },
    { weight: 1, arbitrary: fc.constantFrom(...POLLUTION_KEYS) },
    { weight: 1, arbitrary: strings.any },
  );
  const tree = fc.letrec<{ value: string; array: string; object: string }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      { weight: 5, arbitrary: strings.any.map((value) => JSON.stringify(value)) },
      { weight: 2, arbitrary: numberText },
      { weight: 2, arbitrary: fc.constantFrom('true', 'false', 'null') },
      { weight: 1, arbitrary: tie('array') },
      { weight: 2, arbitrary: tie('object') },
    ),
    array: fc.array(tie('value'), { maxLength: 4 }).map((items) => `[${items.join(',')}]`),
    object: fc
      .array(fc.tuple(key, tie('value')), { maxLength: 4 })
      .map((entries) => `{${entries.map(([name, value]) => `${JSON.stringify(name)}:${value}`).join(',')}}`),
  }));
  return { ...tree, number: numberText };
}

export type JsonArbitraries = ReturnType<typeof jsonArbitraries>;

/**
 * JSON objects for a body of `ownKeys`: `mutatedObject` with every field fitting but one, and
 * `shapedObject` with known fields holding anything, and a few more fields (`allKeys`) at times.
 */
export function jsonBodyArbitraries(
  strings: StringArbitraries,
  json: JsonArbitraries,
  ownKeys: string[],
  allKeys: string[],
) {
  const objectText = (entries: ReadonlyArray<readonly [string, string]>) =>
    `{${entries.map(([name, value]) => `${JSON.stringify(name)}:${value}`).join(',')}}`;
  /** Open records (an admin's user `data`, an organization's `data` or `metadata`), and their fields. */
  const isRecord = (name: string, nested: boolean) => !nested && /^(data|metadata)$/.test(name);
  // Not `id`: every update refuses it first.
  const RECORD_FIELDS = [...USER_COLUMNS, ...MORE_USER_COLUMNS, 'slug', 'logo', 'metadata'].filter(
    (name) => name !== 'id',
  );

  /** A value that fits the field, as JSON text. */
  const fit = (name: string, nested: boolean): fc.Arbitrary<string> =>
    isRecord(name, nested)
      ? mutated(RECORD_FIELDS, 0, true, false)
      : BOOLEAN_FIELDS.includes(name)
        ? fc.constantFrom('true', 'false')
        : DATE_FIELDS.includes(name)
          ? fc.constant(JSON.stringify('2030-01-01T00:00:00.000Z'))
          : isNumeric(name)
            ? fc.constantFrom('60', '3600', '10')
            : strings.fitting(name).map((value) => JSON.stringify(value));
  /** A value meant to break the field, as JSON text: wrong types, odd numbers, hostile strings. */
  const breaking = (name: string, nested: boolean): fc.Arbitrary<string> =>
    fc.oneof(
      { weight: 3, arbitrary: strings.hostile(name).map((value) => JSON.stringify(value)) },
      { weight: 3, arbitrary: json.value },
      { weight: 1, arbitrary: json.object },
      { weight: isNumeric(name) ? 3 : 1, arbitrary: json.number },
      { weight: isRecord(name, nested) ? 8 : 0, arbitrary: mutated(RECORD_FIELDS, 1, true, true) },
    );
  /**
   * Fields that fit, but one that is broken (when `breakOne`): such a request gets past the first
   * checks and into the handler, where a wrong type or a bad character does its damage.
   */
  function mutated(keys: string[], minLength: number, nested: boolean, breakOne: boolean): fc.Arbitrary<string> {
    // A body's own fields are sent four times in five, so the required ones are mostly all there; a
    // nested record's fields one time in five, so that one broken field is not hidden by another.
    const chance = nested ? 1 : 4;
    const someOf = fc
      .tuple(...keys.map(() => fc.integer({ min: 0, max: 4 })))
      .map((draws) => keys.filter((_, index) => draws[index]! < chance))
      .filter((fields) => fields.length >= minLength);
    return fc
      .tuple(someOf, fc.nat())
      .chain(([fields, pick]) =>
        fc.tuple(
          ...fields.map((name, index) =>
            (breakOne && index === pick % fields.length ? breaking(name, nested) : fit(name, nested)).map(
              (value) => [name, value] as const,
            ),
          ),
        ),
      )
      .map(objectText);
  }
  const mutatedObject = mutated(ownKeys, 1, false, true);
  // A value for a known field: fitting, wrong-typed, or nested with more field names.
  const fieldValue = (name: string) =>
    fc.oneof(
      { weight: 4, arbitrary: strings.forKey(name).map((value) => JSON.stringify(value)) },
      { weight: 3, arbitrary: json.value },
      { weight: 1, arbitrary: json.object },
    );
  const shapedObject = fc
    .tuple(
      fc.subarray(ownKeys, { minLength: 1 }),
      fc.oneof(
        { weight: 2, arbitrary: fc.constant([]) },
        {
          weight: 1,
          arbitrary: fc.array(fc.tuple(fc.constantFrom(...POLLUTION_KEYS, ...allKeys), json.value), { maxLength: 2 }),
        },
      ),
    )
    .chain(([fields, extra]) =>
      fc
        .tuple(...fields.map((name) => fieldValue(name).map((value) => [name, value] as const)))
        .map((entries) => objectText([...entries, ...extra])),
    );
  return { mutatedObject, shapedObject };
}
