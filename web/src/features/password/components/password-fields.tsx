import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { TextField } from '@/components/ui/text-field';

/** Each password field a form may ask for: its label, and what a password manager should offer. */
const FIELDS = {
  currentPassword: { label: 'Current password', autoComplete: 'current-password' },
  newPassword: { label: 'New password', autoComplete: 'new-password' },
  confirmPassword: { label: 'Confirm new password', autoComplete: 'new-password' },
} as const;

type PasswordName = keyof typeof FIELDS;

/** The password fields of a form, in the order named, each with its error under it. */
export function PasswordFields<Values extends FieldValues>({
  form,
  names,
  idPrefix,
}: {
  form: UseFormReturn<Values, unknown, FieldValues>;
  names: Array<PasswordName & Path<Values>>;
  idPrefix: string;
}) {
  return names.map((name) => (
    <TextField
      key={name}
      id={`${idPrefix}-${name}`}
      type="password"
      {...FIELDS[name]}
      error={form.getFieldState(name, form.formState).error?.message}
      {...form.register(name)}
    />
  ));
}
