import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { fieldErrorId, FormField } from './form-field';
import { Input } from './input';

export type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'className'> & {
  id: string;
  label: string;
  error?: string | undefined;
  /** A button laid over the field's right end (show the password); the text never runs under it. */
  endButton?: ReactNode;
  ref?: Ref<HTMLInputElement>;
};

/**
 * A labelled text input with its error under it, the input marked invalid and described by the
 * error. The rest of the props go to the input (react-hook-form's `register(...)` among them).
 */
export function TextField({ id, label, error, endButton, ...props }: TextFieldProps) {
  const input = (
    <Input
      id={id}
      endButton={Boolean(endButton)}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? fieldErrorId(id) : undefined}
      {...props}
    />
  );
  return (
    <FormField id={id} label={label} error={error}>
      {endButton ? (
        <div className="relative">
          {input}
          {endButton}
        </div>
      ) : (
        input
      )}
    </FormField>
  );
}
