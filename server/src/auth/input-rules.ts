import { APIError } from 'better-auth/api';
import { z } from 'zod';
import { banFieldsSchema, banReasonSchema } from '#common/ban';
import { NAME_MAX_LENGTH, nameSchema } from '#common/validation';

/** Longest profile picture URL accepted: ours are far shorter, and browsers cap URLs near this. */
export const IMAGE_URL_MAX_LENGTH = 2048;
/** Largest limit or offset a listing accepts: beyond any real page, and within every column type. */
export const PAGE_NUMBER_MAX = 1_000_000_000;
/** Member columns a member listing may be sorted by. */
export const MEMBER_SORT_FIELDS = ['id', 'organizationId', 'userId', 'role', 'createdAt'] as const;
/** Those it may be filtered by: text columns only, as the value to match comes as text. */
export const MEMBER_FILTER_FIELDS = ['id', 'organizationId', 'userId', 'role'] as const;
/** API key columns the key listing may be sorted by (not the hashed key itself). */
export const API_KEY_SORT_FIELDS = ['name', 'createdAt', 'updatedAt', 'expiresAt', 'lastRequest'] as const;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isHttpUrl = (value: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

/** A date both databases can store (a year out of range is a 500 from PostgreSQL). */
const isDate = (value: string) => {
  const time = Date.parse(value);
  return time >= Date.UTC(1970, 0, 1) && time < Date.UTC(10_000, 0, 1);
};

const isPageNumber = (value: unknown) => {
  const number = typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) && number >= 0 && number <= PAGE_NUMBER_MAX;
};

const name = z.string({ error: 'name must be a string' }).pipe(nameSchema);
const image = z
  .string({ error: 'image must be a URL or null' })
  .max(IMAGE_URL_MAX_LENGTH, `image must be at most ${IMAGE_URL_MAX_LENGTH} characters`)
  .refine(isHttpUrl, 'image must be an http(s) URL')
  .nullable();
const flag = (field: string) => z.boolean({ error: `${field} must be true or false` });
const date = (field: string) =>
  z
    .string({ error: `${field} must be a date or null` })
    .refine(isDate, `${field} must be a date from 1970 to 9999`)
    .nullable();
const kept = (field: string) => z.never({ error: `${field} is kept by the server and cannot be set` });
const oneOf = (field: string, values: readonly [string, ...string[]]) =>
  z.enum(values, { error: `${field} must be one of: ${values.join(', ')}` });
const pageNumber = (field: string) =>
  z.unknown().refine(isPageNumber, `${field} must be a whole number from 0 to ${PAGE_NUMBER_MAX}`);
/** A nested object checked by `schema`; anything else is left to Better Auth, which names the type it expects. */
const ifObject = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (isObject(value) ? value : undefined), schema.optional());

/**
 * Better Auth takes these bodies as open records and hands the values to the database as they
 * come: an object for a name is a 500 on SQLite and the text "{}" on PostgreSQL, a word for a date
 * is a 500 on both. So the user fields a caller may send are typed here. Fields not listed are left
 * to Better Auth, which refuses the protected ones itself.
 */
const userFields = z.object({ name: name.optional(), image: image.optional() });
/** What an admin may set on a user (Better Auth checks `email` and `role` itself). */
const adminUserFields = userFields.extend({
  emailVerified: flag('emailVerified').optional(),
  banned: flag('banned').optional(),
  // Set here too, a ban's reason keeps the bounds of a ban.
  banReason: z.string({ error: 'banReason must be a string or null' }).pipe(banReasonSchema).nullable().optional(),
  banExpires: date('banExpires').optional(),
  isAnonymous: flag('isAnonymous').optional(),
  createdAt: kept('createdAt').optional(),
  updatedAt: kept('updatedAt').optional(),
});
const ORGANIZATION_FIELDS = ['name', 'slug', 'logo', 'metadata'];
/** Organizations and teams take the one name rule of people (decision 0060); a slug, the same bound. */
const slug = z
  .string({ error: 'slug must be a string' })
  .max(NAME_MAX_LENGTH, `slug must be at most ${NAME_MAX_LENGTH} characters`);
const organizationFields = z.object({ name: name.optional(), slug: slug.optional() });
const teamFields = z.object({ name: name.optional() });

const BODY_RULES: Record<string, z.ZodType> = {
  '/sign-up/email': userFields,
  '/update-user': userFields,
  '/admin/create-user': userFields.extend({ data: ifObject(adminUserFields) }),
  '/admin/update-user': z.object({ data: ifObject(adminUserFields) }),
  '/admin/ban-user': banFieldsSchema,
  '/organization/create': organizationFields,
  // An update without any known field reaches the database as an empty UPDATE, a syntax error.
  '/organization/update': z.object({
    data: ifObject(
      organizationFields
        .catchall(z.unknown())
        .refine(
          (data) => ORGANIZATION_FIELDS.some((field) => data[field] !== undefined),
          `data must contain at least one of: ${ORGANIZATION_FIELDS.join(', ')}`,
        ),
    ),
  }),
  '/organization/create-team': teamFields,
  '/organization/update-team': z.object({ data: ifObject(teamFields) }),
};

/** Listing parameters, on every path: a negative, fractional or huge limit fails inside the query. */
const paginationRule = z.object({
  limit: pageNumber('limit').optional(),
  offset: pageNumber('offset').optional(),
  membersLimit: pageNumber('membersLimit').optional(),
});

/**
 * Field names passed on to the database as column names: an unknown one is a 500, and so is a
 * filter on a date column with a word to match (on PostgreSQL).
 */
const QUERY_RULES: Record<string, z.ZodType> = {
  '/organization/list-members': z.object({
    sortBy: oneOf('sortBy', MEMBER_SORT_FIELDS).optional(),
    filterField: oneOf('filterField', MEMBER_FILTER_FIELDS).optional(),
  }),
  '/api-key/list': z.object({ sortBy: oneOf('sortBy', API_KEY_SORT_FIELDS).optional() }),
};

function check(schema: z.ZodType | undefined, input: unknown) {
  if (!schema || !isObject(input)) return;
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? 'Invalid request';
    throw new APIError('BAD_REQUEST', { code: 'BAD_REQUEST', message });
  }
}

/** Whether `checkAuthInput` has anything to check on a request: most requests have nothing. */
export function hasInputRules(path: string, query: unknown) {
  return (
    Object.hasOwn(BODY_RULES, path) ||
    Object.hasOwn(QUERY_RULES, path) ||
    (isObject(query) && Object.keys(paginationRule.shape).some((field) => Object.hasOwn(query, field)))
  );
}

/**
 * Input rules Better Auth's own schemas leave open, checked before its endpoints run: a bad value
 * is a 400 with a message, never a 500 from the database. A body or query that is not an object at
 * all is left to the endpoint's own validation, which says what it expects.
 */
export function checkAuthInput(path: string, body: unknown, query: unknown) {
  check(BODY_RULES[path], body);
  check(paginationRule, query);
  check(QUERY_RULES[path], query);
}
