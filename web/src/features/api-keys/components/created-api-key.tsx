import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';

/** The full key, shown once, until dismissed: the server keeps only its hash. */
export function CreatedApiKey({ apiKey, onDismiss }: { apiKey: string; onDismiss: () => void }) {
  return (
    <div role="status" className="rounded-lg border border-warning-border bg-warning-surface p-4">
      <p className="text-sm font-medium text-warning">Save this key now - you won't be able to see it again!</p>
      <div className="mt-2 flex items-center gap-2">
        <code
          data-testid="new-api-key"
          className="min-w-0 flex-1 truncate rounded bg-surface px-2 py-1 font-mono text-xs ring-1 ring-warning-border"
        >
          {apiKey}
        </code>
        <CopyButton value={apiKey} label="Copy API key" className="border border-warning-border bg-surface" />
        <Button variant="secondary" size="sm" onClick={onDismiss}>
          Dismiss
        </Button>
      </div>
    </div>
  );
}
