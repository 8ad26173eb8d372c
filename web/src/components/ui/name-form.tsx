import { z } from 'zod';
import { nameSchema } from '#common/validation';
import { useZodForm } from '@/lib/use-zod-form';
import { Button } from './button';
import { ErrorBox } from './error-box';
import { fieldErrorId, FormField } from './form-field';
import { Input } from './input';

const nameFormSchema = z.object({ name: nameSchema });

/**
 * A one-field "name" form (organizations, teams): trimmed, the button disabled while empty, Enter
 * submits. `onSubmit` resolves when done; the field clears on success and keeps its text on failure.
 */
export function NameForm({
  id,
  label,
  submitLabel,
  onSubmit,
  pending,
  error,
  autoFocus,
}: {
  id: string;
  label: string;
  submitLabel: string;
  onSubmit: (name: string) => Promise<unknown>;
  pending: boolean;
  error: string | null | undefined;
  autoFocus?: boolean;
}) {
  const form = useZodForm(nameFormSchema, { defaultValues: { name: '' } });
  const fieldError = form.formState.errors.name?.message;
  const submit = form.handleSubmit(async ({ name }) => {
    await onSubmit(name)
      .then(() => form.reset())
      .catch(() => undefined);
  });
  return (
    <form className="space-y-2" onSubmit={submit} noValidate>
      <ErrorBox message={error} />
      <div className="flex flex-wrap items-start gap-2">
        <div className="min-w-56 flex-1">
          <FormField id={id} label={label} error={fieldError}>
            <Input
              id={id}
              maxLength={100}
              autoFocus={autoFocus}
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={fieldError ? fieldErrorId(id) : undefined}
              {...form.register('name')}
            />
          </FormField>
        </div>
        <Button type="submit" className="mt-6" disabled={!form.watch('name').trim() || pending}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
