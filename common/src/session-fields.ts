/** Visitor-location fields stored on each session (Better Auth additional fields), all strings. */
export const SESSION_GEO_FIELDS = [
  'country',
  'city',
  'region',
  'region_code',
  'timezone',
  'colo',
  'latitude',
  'longitude',
] as const;
export type SessionGeoField = (typeof SESSION_GEO_FIELDS)[number];

export const sessionGeoSchema = Object.fromEntries(
  SESSION_GEO_FIELDS.map((name) => [name, { type: 'string', required: false, input: false }]),
) as Record<SessionGeoField, { type: 'string'; required: false; input: false }>;

/** Guest (anonymous) accounts are temporary. */
export const ANONYMOUS_RETENTION_HOURS = 6;
