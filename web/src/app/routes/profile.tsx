import { useSession } from '@/lib/session';

export function ProfileRoute() {
  const { data: session } = useSession();
  if (!session) return null;
  return (
    <section>
      <h1 className="text-2xl font-semibold tracking-tight">Profile</h1>
      <p className="mt-2 text-slate-600">
        Signed in as <span className="font-medium text-slate-900">{session.user.name || session.user.email}</span>
      </p>
    </section>
  );
}
