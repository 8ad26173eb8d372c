import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

const tones = {
  success: 'border-green-200 bg-green-50 text-green-800',
  info: 'border-sky-200 bg-sky-50 text-sky-800',
  warning: 'border-amber-200 bg-amber-50 text-amber-900',
} as const;

/** A status message that is not an error (those use ErrorBox). */
export function Notice({ tone = 'info', children }: { tone?: keyof typeof tones; children: ReactNode }) {
  return (
    <div role="status" className={cn('rounded-md border px-3 py-2 text-sm', tones[tone])}>
      {children}
    </div>
  );
}
