import { useState, type FormEvent } from 'react';
import { Button } from './button';
import { ErrorBox } from './error-box';
import { Input } from './input';
import { Label } from './label';

/**
 * A one-field "name" form (organizations, teams): trimmed, the button disabled while empty, Enter
 * submits. `onSubmit` resolves when done; the field clears on success.
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
  const [name, setName] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    await onSubmit(name.trim())
      .then(() => setName(''))
      .catch(() => undefined);
  };
  return (
    <form className="space-y-2" onSubmit={submit}>
      <ErrorBox message={error} />
      <div className="flex flex-wrap items-end gap-2">
        <div className="min-w-56 flex-1">
          <Label htmlFor={id}>{label}</Label>
          <Input
            id={id}
            value={name}
            maxLength={100}
            autoFocus={autoFocus}
            onChange={(event) => setName(event.target.value)}
          />
        </div>
        <Button type="submit" disabled={!name.trim() || pending}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
