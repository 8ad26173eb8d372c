import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

const tones = {
  success: 'border-success-border bg-success-surface text-success',
  info: 'border-info-border bg-info-surface text-info',
  warning: 'border-warning-border bg-warning-surface text-warning',
} as const;

/** A status message that is not an error (those use ErrorBox). */
export function Notice({ tone = 'info', children }: { tone?: keyof typeof tones; children: ReactNode }) {
  return (
    <div role="status" className={cn('rounded-md border px-3 py-2 text-sm', tones[tone])}>
      {children}
    </div>
  );
}
