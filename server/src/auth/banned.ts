/** Whether a user is banned now: Better Auth's admin plugin keeps `banned`, and an end date or none. */
export function isBanned(user: unknown): boolean {
  if (!user || typeof user !== 'object') return false;
  const { banned, banExpires } = user as { banned?: unknown; banExpires?: Date | string | null };
  return Boolean(banned) && (!banExpires || new Date(banExpires).getTime() > Date.now());
}
