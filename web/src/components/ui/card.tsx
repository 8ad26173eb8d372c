import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export function Card({
  title,
  description,
  actions,
  children,
  tone = 'default',
  className,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  /** `danger`: a red border, for the card of irreversible actions. */
  tone?: 'default' | 'danger';
  /** Layout only. */
  className?: string;
}) {
  const id = `card-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <section
      aria-labelledby={id}
      className={cn(
        'rounded-xl border bg-white dark:bg-slate-900 p-6 shadow-sm',
        tone === 'danger' ? 'border-red-200 dark:border-red-900' : 'border-slate-200 dark:border-slate-700',
        className,
      )}
    >
      <div className="mb-4 flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 id={id} className="text-lg font-semibold tracking-tight">
            {title}
          </h2>
          {description && <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">{description}</p>}
        </div>
        {actions}
      </div>
      {children}
    </section>
  );
}
