import { parseRoles } from '#common/roles';

const BUILT_IN_LABELS: Record<string, string> = { owner: 'Owner', admin: 'Admin', member: 'Member' };

/** A role as the console shows it: the built-in ones capitalised, a custom one by its name, several joined. */
export const roleLabel = (role: string) =>
  parseRoles(role)
    .map((name) => BUILT_IN_LABELS[name] ?? name)
    .join(', ');

/**
 * Whether the caller may change or remove a member holding `role`: each of its roles is one the
 * caller could give. A member beyond the caller (an owner, for an admin) is shown, not changed.
 */
export const withinChoices = (role: string, choices: readonly string[]) => {
  const held = parseRoles(role);
  return held.length > 0 && held.every((name) => choices.includes(name));
};
