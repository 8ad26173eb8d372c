import type { z } from 'zod';
import { useZodForm } from '@/lib/use-zod-form';
import { Button } from './button';
import { fieldErrorId } from './form-field';
import { Input } from './input';

/** What an in-place edit changes: one name. */
type NameSchema = z.ZodType<{ name: string }, { name: string }>;

/**
 * Edits one name in place, inside the row that shows it (a profile's name, a passkey's): the field
 * (named by `label`, which the row already shows), Save and Cancel, and under the field the rule's
 * message or the server's refusal. `onSave` gets the schema's output; the caller closes the form
 * once it is saved.
 */
export function InlineEditForm({
  id,
  label,
  defaultValue,
  schema,
  maxLength,
  onSave,
  onCancel,
  pending,
  error,
}: {
  id: string;
  label: string;
  defaultValue: string;
  schema: NameSchema;
  maxLength: number;
  onSave: (name: string) => void;
  onCancel: () => void;
  pending: boolean;
  error: string | null | undefined;
}) {
  const form = useZodForm(schema, { defaultValues: { name: defaultValue } });
  const message = form.formState.errors.name?.message ?? error;
  return (
    <form onSubmit={form.handleSubmit(({ name }) => onSave(name))} noValidate>
      <div className="flex flex-wrap items-center gap-2">
        <Input
          id={id}
          aria-label={label}
          maxLength={maxLength}
          autoFocus
          className="max-w-xs"
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? fieldErrorId(id) : undefined}
          {...form.register('name')}
        />
        <Button type="submit" size="sm" disabled={pending}>
          Save
        </Button>
        <Button variant="secondary" size="sm" onClick={onCancel}>
          Cancel
        </Button>
      </div>
      {message && (
        <p id={fieldErrorId(id)} className="mt-1 text-xs text-danger">
          {message}
        </p>
      )}
    </form>
  );
}
