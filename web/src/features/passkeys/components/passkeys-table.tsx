import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { NAME_MAX_LENGTH } from '#common/validation';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDeleteButton } from '@/components/ui/confirm-delete-button';
import { DataTable, type Column } from '@/components/ui/data-table';
import { InlineEditForm } from '@/components/ui/inline-edit-form';
import { formatDate } from '@/lib/format';
import { useDeletePasskey } from '../api/delete-passkey';
import { usePasskeys, type PasskeyRow } from '../api/get-passkeys';
import { renamePasskeySchema, useRenamePasskey } from '../api/rename-passkey';

export const DELETE_PASSKEY_CONFIRMATION =
  'Are you sure you want to delete this passkey? This action cannot be undone.';

/** Most platforms hide their authenticator's model (an all-zero AAGUID) unless attestation is asked for. */
export const UNKNOWN_PROVIDER = 'Unknown provider';

const labelOf = (passkey: PasskeyRow) => passkey.name || 'Unnamed passkey';

/** The account's passkeys: renamed in place, deleted after a confirmation. */
export function PasskeysTable() {
  const passkeys = usePasskeys();
  const rename = useRenamePasskey();
  const remove = useDeletePasskey();
  // The passkey being renamed: its name cell holds the form, its actions step aside.
  const [editing, setEditing] = useState<string | null>(null);

  const nameCell = (passkey: PasskeyRow) =>
    editing === passkey.id ? (
      <InlineEditForm
        id={`passkey-name-${passkey.id}`}
        label="Passkey name"
        defaultValue={passkey.name ?? ''}
        schema={renamePasskeySchema}
        maxLength={NAME_MAX_LENGTH}
        onSave={(name) => rename.mutate({ id: passkey.id, name }, { onSuccess: () => setEditing(null) })}
        onCancel={() => setEditing(null)}
        pending={rename.isPending}
        error={rename.error?.message}
      />
    ) : (
      <span className="flex flex-wrap items-center gap-2 font-medium">
        {labelOf(passkey)}
        {passkey.backedUp ? <Badge tone="indigo">Synced</Badge> : <Badge tone="slate">Local Only</Badge>}
      </span>
    );

  const actionsCell = (passkey: PasskeyRow) =>
    editing !== passkey.id && (
      <span className="flex gap-1">
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Rename passkey ${labelOf(passkey)}`}
          onClick={() => {
            rename.reset();
            setEditing(passkey.id);
          }}
        >
          <Pencil className="size-4" aria-hidden />
        </Button>
        <ConfirmDeleteButton
          label={`Delete passkey ${labelOf(passkey)}`}
          title="Delete passkey"
          question={DELETE_PASSKEY_CONFIRMATION}
          onConfirm={() => remove.mutate(passkey.id)}
          disabled={remove.isPending}
        />
      </span>
    );

  const columns: Column<PasskeyRow>[] = [
    { header: 'Name', cell: nameCell },
    { header: 'Provider', cell: (passkey) => passkey.provider ?? UNKNOWN_PROVIDER, className: 'whitespace-nowrap' },
    { header: 'Created', cell: (passkey) => formatDate(passkey.createdAt), className: 'whitespace-nowrap' },
    {
      header: 'Device',
      cell: (passkey) => (passkey.deviceType === 'multiDevice' ? 'Multi-device' : 'Single device'),
      className: 'whitespace-nowrap',
    },
    {
      header: 'Credential',
      cell: (passkey) => <span data-testid="passkey-credential">{passkey.credentialID.slice(0, 16)}</span>,
      className: 'font-mono text-xs',
    },
    { header: 'Actions', cell: actionsCell },
  ];

  return (
    <DataTable
      label="Passkeys"
      columns={columns}
      rows={passkeys.data}
      rowKey={(passkey) => passkey.id}
      isPending={passkeys.isPending}
      error={(passkeys.error ?? remove.error)?.message}
      empty="No passkeys yet."
      rowTestId="passkey-row"
    />
  );
}
