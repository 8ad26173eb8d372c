import { lazy, Suspense } from 'react';
import { Spinner } from '@/components/ui/spinner';

// Few people have two-factor on: its form loads only when a sign-in asks for it (the /auth budget).
const SecondFactorForm = lazy(() =>
  import('./second-factor-form').then((module) => ({ default: module.SecondFactorForm })),
);

/** The sign-in's second step, in the place of the sign-in form. */
export function SecondFactorStep(props: { onSignedIn: () => Promise<void>; onBack: () => void }) {
  return (
    <div className="w-full max-w-md rounded-xl border border-border bg-surface p-8 shadow-sm">
      <Suspense fallback={<Spinner label="Loading" />}>
        <SecondFactorForm {...props} />
      </Suspense>
    </div>
  );
}
