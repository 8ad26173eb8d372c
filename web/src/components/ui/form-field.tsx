import type { ReactNode } from 'react';
import { Label } from './label';

/** The id of a field's error message, for the control's `aria-describedby`. */
export const fieldErrorId = (id: string) => `${id}-error`;

/**
 * A labelled field: the label names the control whose id it is given, and the field's error shows
 * under it. The control says it is invalid itself (`aria-invalid`, `aria-describedby={fieldErrorId(id)}`).
 */
export function FormField({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: string | undefined;
  children: ReactNode;
}) {
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error && (
        <p id={fieldErrorId(id)} className="mt-1 text-xs text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
