import { useSearchParams } from 'react-router';
import { adminOrganizationListQuerySchema, type AdminOrganizationListQuery } from '#common/admin';

/** The view lives in the URL, so reload and share keep it; anything malformed falls back to defaults. */
export function useOrganizationListView(): [
  AdminOrganizationListQuery,
  (change: Partial<AdminOrganizationListQuery>) => void,
] {
  const [params, setParams] = useSearchParams();
  const parsed = adminOrganizationListQuerySchema.safeParse(Object.fromEntries(params));
  const defaults = adminOrganizationListQuerySchema.parse({});
  const view = parsed.success ? parsed.data : defaults;
  const update = (change: Partial<AdminOrganizationListQuery>) => {
    const next = { ...view, ...change };
    setParams(
      Object.fromEntries(
        Object.entries(next)
          .filter(([key, value]) => value !== defaults[key as keyof AdminOrganizationListQuery])
          .map(([key, value]) => [key, String(value)]),
      ),
    );
  };
  return [view, update];
}
