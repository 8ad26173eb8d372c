import { Download } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';

const FILE_NAME = 'gatehouse-backup-codes.txt';

/** The codes as a text file the browser saves. */
function download(codes: string[], email: string) {
  const text = [`Gatehouse backup codes for ${email}`, 'Each code signs you in once.', '', ...codes, ''].join('\n');
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = FILE_NAME;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Backup codes, shown once until dismissed: the server keeps them encrypted and never shows them again. */
export function BackupCodes({ codes, email, onDone }: { codes: string[]; email: string; onDone: () => void }) {
  return (
    <div role="status" className="rounded-lg border border-warning-border bg-warning-surface p-4">
      <p className="text-sm font-medium text-warning">
        Save these backup codes now - you won't be able to see them again!
      </p>
      <p className="mt-1 text-sm text-warning">Each code signs you in once if you cannot use your authenticator app.</p>
      <ul aria-label="Backup codes" className="mt-3 grid grid-cols-2 gap-x-6 gap-y-1 font-mono text-sm sm:grid-cols-5">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <CopyButton
          value={codes.join('\n')}
          label="Copy backup codes"
          className="border border-warning-border bg-surface"
        />
        <Button variant="secondary" size="sm" onClick={() => download(codes, email)}>
          <Download className="size-4" aria-hidden />
          Download
        </Button>
        <Button size="sm" onClick={onDone}>
          I saved them
        </Button>
      </div>
    </div>
  );
}
