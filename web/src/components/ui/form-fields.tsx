import type { InputHTMLAttributes, ReactNode } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { fieldErrorId, FormField } from './form-field';
import { Select } from './select';
import { TextField } from './text-field';

/** A field of a react-hook-form form: its id, label, and the form's value of that name. */
export interface FieldProps<Values extends FieldValues, Output extends FieldValues> {
  form: UseFormReturn<Values, unknown, Output>;
  name: Path<Values>;
  id: string;
}

/** The field's first error, and what the control says of it to assistive technology. */
function useFieldError<Values extends FieldValues, Output extends FieldValues>({
  form,
  name,
  id,
}: FieldProps<Values, Output>) {
  const error = form.getFieldState(name, form.formState).error?.message;
  return {
    error,
    controlProps: {
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? fieldErrorId(id) : undefined,
    },
  };
}

/** The kit's text field, bound to the form by name. */
export function FormTextField<Values extends FieldValues, Output extends FieldValues>({
  form,
  name,
  id,
  label,
  ...input
}: FieldProps<Values, Output> & { label: string } & Omit<InputHTMLAttributes<HTMLInputElement>, 'form' | 'name'>) {
  const error = form.getFieldState(name, form.formState).error?.message;
  return <TextField id={id} label={label} error={error} {...input} {...form.register(name)} />;
}

/** A labelled select bound to the form, its error under it. */
export function SelectField<Values extends FieldValues, Output extends FieldValues>({
  form,
  name,
  id,
  label,
  children,
}: FieldProps<Values, Output> & { label: string; children: ReactNode }) {
  const { error, controlProps } = useFieldError({ form, name, id });
  return (
    <FormField id={id} label={label} error={error}>
      <Select id={id} className="block w-full" {...controlProps} {...form.register(name)}>
        {children}
      </Select>
    </FormField>
  );
}
