/** A value a query string can carry; `undefined`, `null` and '' mean "not set". */
export type SearchValue = string | number | boolean | null | undefined;

/** A query string of the values set, in the record's order (a filter at "any" is no parameter at all). */
export const searchParams = (values: Record<string, SearchValue>) =>
  new URLSearchParams(
    Object.entries(values).flatMap(([key, value]) =>
      value === undefined || value === null || value === '' ? [] : [[key, String(value)]],
    ),
  );
