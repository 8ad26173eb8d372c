import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

const tones = {
  green: 'bg-green-50 dark:bg-green-950 text-green-700 dark:text-green-300 ring-green-600/20 dark:ring-green-400/30',
  amber: 'bg-amber-50 dark:bg-amber-950 text-amber-800 dark:text-amber-200 ring-amber-600/20 dark:ring-amber-400/30',
  red: 'bg-red-50 dark:bg-red-950 text-red-700 dark:text-red-300 ring-red-600/20 dark:ring-red-400/30',
  indigo:
    'bg-indigo-50 dark:bg-indigo-950 text-indigo-700 dark:text-indigo-300 ring-indigo-600/20 dark:ring-indigo-400/30',
  slate: 'bg-slate-100 dark:bg-slate-800 text-slate-700 dark:text-slate-300 ring-slate-500/20 dark:ring-slate-400/30',
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
