import { useState } from 'react';
import { NAME_MAX_LENGTH } from '#common/validation';
import { Button } from '@/components/ui/button';
import { InlineEditForm } from '@/components/ui/inline-edit-form';
import { updateNameSchema, useUpdateName } from '../api/update-name';

/** The name, with Edit: then a field with Save and Cancel in its place. */
export function ProfileName({ name }: { name: string }) {
  const [editing, setEditing] = useState(false);
  const update = useUpdateName();
  if (!editing) {
    return (
      <span className="flex items-center gap-3">
        <span data-testid="profile-name">{name}</span>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => {
            update.reset();
            setEditing(true);
          }}
        >
          Edit
        </Button>
      </span>
    );
  }
  return (
    <InlineEditForm
      id="profile-name"
      label="Name"
      defaultValue={name}
      schema={updateNameSchema}
      maxLength={NAME_MAX_LENGTH}
      onSave={(next) => update.mutate(next, { onSuccess: () => setEditing(false) })}
      onCancel={() => setEditing(false)}
      pending={update.isPending}
      error={update.error?.message}
    />
  );
}
