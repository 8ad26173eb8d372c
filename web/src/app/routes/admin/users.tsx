import { isPlatformAdmin } from '#common/roles';
import { UsersScreen } from '@/features/admin-users/components/users-screen';
import { useSession } from '@/lib/session';

export function Component() {
  const { data: session } = useSession();
  if (!isPlatformAdmin(session?.user.role)) {
    return (
      <div role="alert" className="rounded-md border border-red-200 dark:border-red-900 bg-red-50 dark:bg-red-950 p-4">
        <h2 className="font-semibold text-red-800 dark:text-red-300">Access Denied</h2>
        <p className="text-sm text-red-700 dark:text-red-300">You don't have permission to access user management.</p>
      </div>
    );
  }
  return <UsersScreen />;
}
