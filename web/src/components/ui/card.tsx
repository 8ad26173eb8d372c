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
        'rounded-xl border bg-surface p-6 shadow-sm',
        tone === 'danger' ? 'border-danger-border' : 'border-border',
        className,
      )}
    >
      <div className="mb-4 flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 id={id} className={cn('text-lg font-semibold tracking-tight', tone === 'danger' && 'text-danger')}>
            {title}
          </h2>
          {description && <p className="mt-1 text-sm text-muted-foreground">{description}</p>}
        </div>
        {actions}
      </div>
      {children}
    </section>
  );
}
