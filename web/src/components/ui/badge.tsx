import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

const tones = {
  green: 'bg-success-surface text-success ring-success-border',
  amber: 'bg-warning-surface text-warning ring-warning-border',
  red: 'bg-danger-surface text-danger ring-danger-border',
  indigo: 'bg-accent-surface text-accent ring-accent-border',
  slate: 'bg-muted text-secondary-foreground ring-border',
} as const;

export function Badge({ tone = 'slate', children }: { tone?: keyof typeof tones; children: ReactNode }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset',
        tones[tone],
      )}
    >
      {children}
    </span>
  );
}
