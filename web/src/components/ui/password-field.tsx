import { useState } from 'react';
import { EyeIcon } from './eye-icon';
import { TextField, type TextFieldProps } from './text-field';

/** A password field with a button over its right end that shows or hides what was typed. */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'endButton'>) {
  const [shown, setShown] = useState(false);
  return (
    <TextField
      type={shown ? 'text' : 'password'}
      {...props}
      endButton={
        <button
          type="button"
          onClick={() => setShown((visible) => !visible)}
          className="absolute inset-y-0 right-0 flex items-center rounded-r-md px-3 text-muted-foreground hover:text-foreground"
          aria-label={shown ? 'Hide password' : 'Show password'}
          aria-pressed={shown}
        >
          <EyeIcon struck={shown} />
        </button>
      }
    />
  );
}
