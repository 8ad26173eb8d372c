import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { Modal } from '@/components/ui/modal';
import { Notice } from '@/components/ui/notice';

/** What a registration or a rotation answered: the secret is null for a public application. */
export interface ShownSecret {
  name: string;
  clientId: string;
  clientSecret: string | null;
}

function Value({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <p className="text-sm font-medium">{label}</p>
      <div className="mt-1 flex items-center gap-1 rounded-md border border-border bg-muted px-3 py-2">
        <code className="min-w-0 flex-1 font-mono text-xs break-all" data-testid={label}>
          {value}
        </code>
        <CopyButton value={value} label={`Copy ${label.toLowerCase()}`} />
      </div>
    </div>
  );
}

/** The client id and secret, shown this once: the server keeps only a hash of the secret. */
export function SecretDialog({ shown, onClose }: { shown: ShownSecret; onClose: () => void }) {
  return (
    <Modal title={`${shown.name}: credentials`} onClose={onClose}>
      <div className="space-y-4">
        <Value label="Client ID" value={shown.clientId} />
        {shown.clientSecret ? (
          <>
            <Value label="Client secret" value={shown.clientSecret} />
            <Notice tone="warning">
              This secret is shown only now. Copy it into the application&apos;s settings; if it is lost, replace it.
            </Notice>
          </>
        ) : (
          <Notice>This application is public: it has no secret, and signs people in with PKCE.</Notice>
        )}
        <div className="flex justify-end">
          <Button onClick={onClose}>Done</Button>
        </div>
      </div>
    </Modal>
  );
}
