import { useSearchParams } from 'react-router';
import { adminUserListQuerySchema, type AdminUserListQuery } from '#common/admin';

/** The view lives in the URL, so reload and share keep it; anything malformed falls back to defaults. */
export function useUserListView(): [AdminUserListQuery, (change: Partial<AdminUserListQuery>) => void] {
  const [params, setParams] = useSearchParams();
  const parsed = adminUserListQuerySchema.safeParse(Object.fromEntries(params));
  const view = parsed.success ? parsed.data : adminUserListQuerySchema.parse({});
  const update = (change: Partial<AdminUserListQuery>) => {
    // A cursor belongs to the page it came from: any other change of view drops it.
    const next = { ...view, cursor: '', ...change };
    const defaults = adminUserListQuerySchema.parse({});
    setParams(
      Object.fromEntries(
        Object.entries(next)
          .filter(([key, value]) => value !== defaults[key as keyof AdminUserListQuery])
          .map(([key, value]) => [key, String(value)]),
      ),
    );
  };
  return [view, update];
}
