import { useState, type ChangeEvent } from 'react';
import type { SignUpInput } from '#common/validation';

export type AuthMode = 'sign-in' | 'sign-up';
type Field = keyof SignUpInput;
type FieldErrors = Partial<Record<Field, string>>;

/** In the order the form shows them: the first invalid one gets the focus. */
const FIELDS: Field[] = ['name', 'email', 'password'];

/** zod is large and the screen shows without it: it loads once the person starts using the form. */
export const loadSchemas = () => import('#common/validation');

/** The shared schemas' verdict: the parsed values (trimmed), or the first message per field. */
async function validate(mode: AuthMode, values: SignUpInput) {
  const { signInSchema, signUpSchema } = await loadSchemas();
  const result = (mode === 'sign-up' ? signUpSchema : signInSchema).safeParse(values);
  // Sign-in has no name to check: it keeps what was typed for a switch back to sign-up.
  if (result.success) return { data: { name: values.name, ...result.data } };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) errors[issue.path[0] as Field] ??= issue.message;
  return { errors };
}

/**
 * The sign-in and sign-up fields under the shared schemas, with react-hook-form's rules but not its
 * weight on /auth (docs/decisions/0029): checked when sent, then again as a field changes (so a
 * message goes as soon as it is fixed), and the first invalid field gets the focus.
 */
export function useCredentialsForm(mode: AuthMode, name = '') {
  const [values, setValues] = useState<SignUpInput>({ name, email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const name = event.target.name as Field;
    const next = { ...values, [name]: event.target.value };
    setValues(next);
    if (!submitted) return;
    // If the rules cannot be fetched, the next submit says so.
    validate(mode, next).then(
      (verdict) => setErrors((shown) => ({ ...shown, [name]: verdict.errors?.[name] })),
      () => undefined,
    );
  };

  /** A field's value and message, to spread on its TextField. */
  const field = (name: Field) => ({ id: name, name, value: values[name], onChange, error: errors[name] });

  /**
   * The checked values, or null once the messages show and the first invalid field has the focus.
   * Rejects when the rules cannot be fetched.
   */
  const check = async (form: HTMLFormElement): Promise<SignUpInput | null> => {
    setSubmitted(true);
    const verdict = await validate(mode, values);
    setErrors(verdict.errors ?? {});
    if (verdict.data) return verdict.data;
    const first = FIELDS.find((name) => verdict.errors[name]);
    if (first) (form.elements.namedItem(first) as HTMLInputElement | null)?.focus();
    return null;
  };

  return { field, check, clearErrors: () => setErrors({}) };
}
