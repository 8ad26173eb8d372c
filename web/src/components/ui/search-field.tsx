import type { InputHTMLAttributes, Ref } from 'react';
import { fieldErrorId } from './form-field';
import { Input } from './input';

export type SearchFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'className' | 'aria-label'> & {
  id: string;
  /** The field's name for assistive technology: a toolbar's search box has no visible label. */
  label: string;
  error?: string | undefined;
  ref?: Ref<HTMLInputElement>;
};

/**
 * A toolbar's search box with its error under it, the input marked invalid and described by the
 * error. The rest of the props go to the input (react-hook-form's `register(...)` among them).
 */
export function SearchField({ id, label, error, ...props }: SearchFieldProps) {
  return (
    <div className="max-w-xs min-w-48 flex-1">
      <Input
        id={id}
        aria-label={label}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? fieldErrorId(id) : undefined}
        {...props}
      />
      {error && (
        <p id={fieldErrorId(id)} className="mt-1 text-xs text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
