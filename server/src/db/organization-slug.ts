import type { Kysely } from 'kysely';
import type { DB } from './schema';

/** A URL-safe slug from an organization name (uniqueness is `nextFreeSlug`'s business). */
export function slugify(name: string): string {
  return (
    name
      .toLowerCase()
      // Letters lose their accents (é is e and a combining mark): the marks go, the letter stays.
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'organization'
  );
}

/**
 * The slug for a new organization, chosen among the taken ones: the name's own slug when it is
 * free, else that slug with the number after the highest one in use (`acme`, `acme-2`, `acme-3`).
 */
export function nextFreeSlug(base: string, taken: readonly string[]): string {
  if (!taken.includes(base)) return base;
  // A slug holds only a-z, 0-9 and hyphens: nothing in it means anything to a pattern.
  const numbered = new RegExp(`^${base}-(\\d+)$`);
  const numbers = taken.map((slug) => Number(numbered.exec(slug)?.[1] ?? 1));
  return `${base}-${Math.max(1, ...numbers) + 1}`;
}

/** The free slug for an organization named `name`, from one query: the server makes every slug here. */
export async function freeOrganizationSlug(db: Kysely<DB>, name: string): Promise<string> {
  const base = slugify(name);
  const rows = await db
    .selectFrom('organization')
    .select('slug')
    .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]))
    .execute();
  return nextFreeSlug(
    base,
    rows.map((row) => row.slug),
  );
}
