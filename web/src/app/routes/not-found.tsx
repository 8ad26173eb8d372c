import { Link } from 'react-router';
import { PageTitle } from '@/components/ui/page-title';
import { paths } from '@/config/paths';

export function Component() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-3">
      <PageTitle>Page not found</PageTitle>
      <h1 className="text-2xl font-semibold">Page not found</h1>
      <Link to={paths.home} className="text-accent hover:underline">
        Go to the console
      </Link>
    </main>
  );
}
