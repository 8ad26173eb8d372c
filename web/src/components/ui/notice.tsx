import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

const tones = {
  success: 'border-green-200 dark:border-green-900 bg-green-50 dark:bg-green-950 text-green-800 dark:text-green-300',
  info: 'border-sky-200 dark:border-sky-900 bg-sky-50 dark:bg-sky-950 text-sky-800 dark:text-sky-200',
  warning: 'border-amber-200 dark:border-amber-800 bg-amber-50 dark:bg-amber-950 text-amber-900 dark:text-amber-200',
} as const;

/** A status message that is not an error (those use ErrorBox). */
export function Notice({ tone = 'info', children }: { tone?: keyof typeof tones; children: ReactNode }) {
  return (
    <div role="status" className={cn('rounded-md border px-3 py-2 text-sm', tones[tone])}>
      {children}
    </div>
  );
}
