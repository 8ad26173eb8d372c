/** Where a session came from, as its location fields hold it (any may be missing). */
export interface LocationFields {
  city?: string | null | undefined;
  region?: string | null | undefined;
  country?: string | null | undefined;
}

const regionNames = new Map<string, Intl.DisplayNames>();
const regionNamesIn = (locale: string | undefined) => {
  const key = locale ?? '';
  let names = regionNames.get(key);
  if (!names) regionNames.set(key, (names = new Intl.DisplayNames(locale, { type: 'region' })));
  return names;
};

/** A country code as its name ("FR" → "France", in `locale`, else the runtime's); anything else as it came. */
export function countryName(code: string, locale?: string): string {
  try {
    return /^[A-Z]{2}$/i.test(code) ? (regionNamesIn(locale).of(code.toUpperCase()) ?? code) : code;
  } catch {
    return code;
  }
}

/** "Paris, Île-de-France, France"; null when no field is known. */
export function describeLocation({ city, region, country }: LocationFields, locale?: string): string | null {
  return [city, region, country ? countryName(country, locale) : null].filter(Boolean).join(', ') || null;
}
