import { useParams } from 'react-router';

export function Component() {
  const { teamId } = useParams();
  return (
    <section>
      <h1 className="text-2xl font-semibold tracking-tight">Team</h1>
      <p className="mt-2 text-sm text-slate-500">{teamId}</p>
    </section>
  );
}
