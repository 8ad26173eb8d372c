import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';

/** Back to the list, drawn at once: the page of an organization the caller has left asks nothing more. */
export function useGoToOrganizations() {
  const navigate = useNavigate();
  return () => navigate(paths.organizations, { replace: true, flushSync: true });
}
