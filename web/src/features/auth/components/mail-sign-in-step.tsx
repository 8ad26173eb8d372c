import { lazy, Suspense } from 'react';
import { Spinner } from '@/components/ui/spinner';
import type { MailSignInProps } from './mail-sign-in-form';

// Loaded only when someone asks for a link or a code: /auth's first chunk stays within its budget.
const MailSignInForm = lazy(() => import('./mail-sign-in-form').then((module) => ({ default: module.MailSignInForm })));

/** Sign-in by mail, in the place of the sign-in form. */
export function MailSignInStep(props: MailSignInProps) {
  return (
    <div className="w-full max-w-md rounded-xl border border-border bg-surface p-8 shadow-sm">
      <Suspense fallback={<Spinner label="Loading" />}>
        <MailSignInForm {...props} />
      </Suspense>
    </div>
  );
}
