/** `/a/b` for the parts `['a', 'b']`, as a type. */
type Joined<Parts extends string[]> = Parts extends [infer Head extends string, ...infer Rest extends string[]]
  ? `/${Head}${Joined<Rest>}`
  : '';

/**
 * The API path of an organization, or of something of it (`'members', memberId`), each part encoded
 * (a slash or a question mark in an id stays in it). Typed as the route it names, so `api()` knows
 * the answer.
 */
export const organizationPath = <const Parts extends string[]>(organizationId: string, ...parts: Parts) =>
  ['/admin/organizations', ...[organizationId, ...parts].map(encodeURIComponent)].join(
    '/',
  ) as `/admin/organizations/${string}${Joined<Parts>}`;
