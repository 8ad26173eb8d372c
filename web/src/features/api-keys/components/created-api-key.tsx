import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';

/** The full key, shown once, until dismissed: the server keeps only its hash. */
export function CreatedApiKey({ apiKey, onDismiss }: { apiKey: string; onDismiss: () => void }) {
  return (
    <div
      role="status"
      className="rounded-lg border border-amber-300 dark:border-amber-800 bg-amber-50 dark:bg-amber-950 p-4"
    >
      <p className="text-sm font-medium text-amber-900 dark:text-amber-200">
        Save this key now - you won't be able to see it again!
      </p>
      <div className="mt-2 flex items-center gap-2">
        <code
          data-testid="new-api-key"
          className="min-w-0 flex-1 truncate rounded bg-white dark:bg-slate-900 px-2 py-1 font-mono text-xs ring-1 ring-amber-200 dark:ring-amber-800"
        >
          {apiKey}
        </code>
        <CopyButton
          value={apiKey}
          label="Copy API key"
          className="border border-amber-300 dark:border-amber-800 bg-white dark:bg-slate-900"
        />
        <Button variant="secondary" size="sm" onClick={onDismiss}>
          Dismiss
        </Button>
      </div>
    </div>
  );
}
