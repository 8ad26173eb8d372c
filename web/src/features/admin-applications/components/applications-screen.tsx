import { useState } from 'react';
import type { AdminApplication } from '#common/applications';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { CopyButton } from '@/components/ui/copy-button';
import { DataTable, type Column } from '@/components/ui/data-table';
import { useDeleteApplication } from '../api/delete-application';
import { useApplications } from '../api/get-applications';
import { useRotateApplicationSecret } from '../api/rotate-application-secret';
import { useUpdateApplication } from '../api/update-application';
import { TYPE_SHORT } from '../utils/application-form';
import { ApplicationActions, type ApplicationDialogKind } from './application-actions';
import { CreateApplicationModal, EditApplicationModal } from './application-form-modal';
import { SecretDialog, type ShownSecret } from './secret-dialog';

type Dialog =
  | { kind: 'create' }
  | { kind: 'shown'; shown: ShownSecret }
  | { kind: ApplicationDialogKind; application: AdminApplication };

const clientIdOf = (application: AdminApplication) => application.clientId;

/** Admin → Applications: the applications that sign people in with Gatehouse (OpenID Connect). */
export function ApplicationsScreen() {
  const applications = useApplications();
  const toggle = useUpdateApplication({ toastFailure: true });
  const rotate = useRotateApplicationSecret();
  const remove = useDeleteApplication();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);

  const columns: Column<AdminApplication>[] = [
    { header: 'Name', cell: (application) => application.name, className: 'font-medium break-words' },
    { header: 'Type', cell: (application) => TYPE_SHORT[application.type] },
    {
      header: 'Client ID',
      cell: (application) => (
        <span className="flex items-center gap-1">
          <span className="font-mono text-xs break-all">{application.clientId}</span>
          <CopyButton value={application.clientId} label={`Copy the client ID of ${application.name}`} />
        </span>
      ),
    },
    {
      header: 'Redirect URIs',
      cell: (application) => (
        <ul className="space-y-0.5">
          {application.redirectUris.map((uri) => (
            <li key={uri} className="font-mono text-xs break-all">
              {uri}
            </li>
          ))}
        </ul>
      ),
      className: 'min-w-48',
    },
    { header: 'Trusted', cell: (application) => (application.trusted ? 'Yes' : 'No') },
    {
      header: 'Status',
      cell: (application) =>
        application.disabled ? <Badge tone="red">Disabled</Badge> : <Badge tone="green">Enabled</Badge>,
    },
    {
      header: 'Actions',
      cell: (application) => (
        <ApplicationActions
          application={application}
          onOpen={(kind) => setDialog({ kind, application })}
          onToggle={() =>
            toggle.mutate({ clientId: application.clientId, change: { disabled: !application.disabled } })
          }
        />
      ),
    },
  ];

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground">
          Applications that sign people in with this server (OpenID Connect).
        </p>
        <Button onClick={() => setDialog({ kind: 'create' })}>New application</Button>
      </div>
      <DataTable
        label="Applications"
        columns={columns}
        rows={applications.data}
        rowKey={clientIdOf}
        isPending={applications.isPending}
        error={applications.error?.message}
        empty="No applications yet."
        rowTestId="application-row"
      />
      {dialog?.kind === 'create' && (
        <CreateApplicationModal onClose={close} onCreated={(shown) => setDialog({ kind: 'shown', shown })} />
      )}
      {dialog?.kind === 'shown' && <SecretDialog shown={dialog.shown} onClose={close} />}
      {dialog?.kind === 'edit' && <EditApplicationModal application={dialog.application} onClose={close} />}
      {dialog?.kind === 'rotate' && (
        <ConfirmDialog
          title={`Rotate the secret of ${dialog.application.name}?`}
          message="A new secret is made and shown once. The current secret stops working at once: the application cannot sign anyone in until it has the new one."
          confirmLabel="Rotate secret"
          onConfirm={() => {
            const { name, clientId } = dialog.application;
            rotate.mutate(clientId, {
              onSuccess: (rotated) => setDialog({ kind: 'shown', shown: { name, ...rotated } }),
            });
          }}
          onClose={close}
        />
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          title={`Delete ${dialog.application.name}?`}
          message="The application can no longer sign anyone in. Its tokens and the consents people gave it are deleted. This cannot be undone."
          onConfirm={() => remove.mutate(dialog.application.clientId)}
          onClose={close}
        />
      )}
    </div>
  );
}
