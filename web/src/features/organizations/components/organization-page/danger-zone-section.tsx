import type { ReactNode } from 'react';

/** One action of the danger zone: its title, what it does, and its controls. */
export function DangerZoneSection({ title, text, children }: { title: string; text: string; children: ReactNode }) {
  return (
    <div className="space-y-3 border-t border-separator pt-4 first:border-t-0 first:pt-0">
      <div>
        <h3 className="text-sm font-semibold">{title}</h3>
        <p className="mt-1 text-sm text-secondary-foreground">{text}</p>
      </div>
      {children}
    </div>
  );
}
