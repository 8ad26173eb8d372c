import { slugify } from '#common/organizations';
import { authClient } from '@/lib/auth-client';
import { RequestError, toRequestError } from '@/lib/errors';
import { queryKeys } from '@/lib/query-keys';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';

const SLUG_TAKEN = new Set(['ORGANIZATION_ALREADY_EXISTS', 'ORGANIZATION_SLUG_ALREADY_TAKEN']);

/** Creates an organization; the slug comes from the name, with a suffix when it is taken. */
export async function createOrganization(name: string) {
  const base = slugify(name);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const slug = attempt === 0 ? base : `${base}-${Math.random().toString(36).slice(2, 6)}`;
    const { data, error } = await authClient.organization
      .create({ name, slug })
      .catch(() => ({ data: null, error: null }));
    if (data) return data;
    const failure = toRequestError(error, 'Failed to create organization');
    if (!SLUG_TAKEN.has(failure.code)) throw failure;
  }
  throw new RequestError(409, 'ORGANIZATION_SLUG_ALREADY_TAKEN', 'Failed to create organization');
}

export const useCreateOrganization = () =>
  useRefreshingMutation({ mutationFn: createOrganization, refreshes: [queryKeys.myOrganizations] });
