import type { ReactNode } from 'react';
import { Label } from './label';

/** A labelled field: the label names the control whose id it is given. */
export function FormField({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      {children}
    </div>
  );
}
