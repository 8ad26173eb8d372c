import { parseRoles } from '#common/roles';

/** One field of a request's body or query, whatever it holds. */
export const fieldOf = (source: unknown, name: string): unknown =>
  typeof source === 'object' && source !== null ? (source as Record<string, unknown>)[name] : undefined;

/** A field that is a non-empty string, or undefined. */
export const textOf = (source: unknown, name: string): string | undefined => {
  const value = fieldOf(source, name);
  return typeof value === 'string' && value !== '' ? value : undefined;
};

/** The roles a body names (Better Auth takes "admin,editor" or ["admin", "editor"]), as stored. */
export function rolesNamed(value: unknown): string[] | undefined {
  if (typeof value === 'string') return parseRoles(value);
  if (Array.isArray(value) && value.every((role) => typeof role === 'string')) return value.flatMap(parseRoles);
  return undefined;
}
