import { z } from 'zod';
import { NAME_MAX_LENGTH, nameSchema } from '#common/validation';
import { useZodForm } from '@/lib/use-zod-form';
import { Button } from './button';
import { ErrorBox } from './error-box';
import { fieldErrorId, FormField } from './form-field';
import { Input } from './input';

const nameFormSchema = z.object({ name: nameSchema });

/** What the form calls with the name: TanStack Query's mutation result fits. */
interface NameMutation {
  mutateAsync: (name: string) => Promise<unknown>;
  isPending: boolean;
  error: Error | null;
}

/**
 * A one-field "name" form (organizations, teams): trimmed, the button disabled while empty or while
 * the call is under way, Enter submits. The field clears on success (then `onDone`) and keeps its
 * text on failure, with the call's error above it.
 */
export function NameForm({
  id,
  label,
  submitLabel,
  mutation,
  onDone,
  autoFocus,
}: {
  id: string;
  label: string;
  submitLabel: string;
  mutation: NameMutation;
  onDone?: () => void;
  autoFocus?: boolean;
}) {
  const form = useZodForm(nameFormSchema, { defaultValues: { name: '' } });
  const fieldError = form.formState.errors.name?.message;
  const submit = form.handleSubmit(async ({ name }) => {
    await mutation
      .mutateAsync(name)
      .then(() => {
        form.reset();
        onDone?.();
      })
      .catch(() => undefined);
  });
  return (
    <form className="space-y-2" onSubmit={submit} noValidate>
      <ErrorBox message={mutation.error?.message} />
      <div className="flex flex-wrap items-start gap-2">
        <div className="min-w-56 flex-1">
          <FormField id={id} label={label} error={fieldError}>
            <Input
              id={id}
              maxLength={NAME_MAX_LENGTH}
              autoFocus={autoFocus}
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={fieldError ? fieldErrorId(id) : undefined}
              {...form.register('name')}
            />
          </FormField>
        </div>
        <Button type="submit" className="mt-6" disabled={!form.watch('name').trim() || mutation.isPending}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
