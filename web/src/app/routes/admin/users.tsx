import { isPlatformAdmin } from '#common/roles';
import { UsersScreen } from '@/features/admin-users/components/users-screen';
import { useSession } from '@/lib/session';

export function Component() {
  const { data: session } = useSession();
  if (!isPlatformAdmin(session?.user.role)) {
    return (
      <div role="alert" className="rounded-md border border-danger-border bg-danger-surface p-4">
        <h2 className="font-semibold text-danger">Access Denied</h2>
        <p className="text-sm text-danger">You don't have permission to access user management.</p>
      </div>
    );
  }
  return <UsersScreen />;
}
