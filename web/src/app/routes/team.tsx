import { useParams } from 'react-router';
import { TeamScreen } from '@/features/teams/components/team-screen';
import { useSession } from '@/lib/session';

export function Component() {
  const { teamId = '' } = useParams();
  const { data: session } = useSession();
  if (!session) return null;
  return <TeamScreen key={teamId} teamId={teamId} currentUserId={session.user.id} />;
}
