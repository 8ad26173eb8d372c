import { Button } from '@/components/ui/button';
import { QueryView } from '@/components/ui/query-view';
import { formatDateTime } from '@/lib/format';
import { useOutbox } from '../api/get-outbox';

/** Mail the server could not send because no SMTP server is configured: only admins see it. */
export function OutboxScreen() {
  const outbox = useOutbox();
  return (
    <div className="space-y-4">
      <div className="flex items-start justify-between gap-4">
        <p className="max-w-2xl text-sm text-secondary-foreground">
          Without <code>SMTP_URL</code>, mail is kept here instead of being sent (the last 200 messages, until the
          server restarts). Its links sign people in or change their accounts: hand one only to the person it was
          written to.
        </p>
        <Button variant="secondary" onClick={() => void outbox.refetch()} disabled={outbox.isFetching}>
          Refresh
        </Button>
      </div>
      <QueryView query={outbox} empty="No mail is waiting.">
        {(mails) => (
          <ul className="space-y-3">
            {mails.map((mail) => (
              <li key={mail.id} className="rounded-xl border border-border bg-surface p-4" data-testid="outbox-mail">
                <h2 className="font-medium">{mail.subject}</h2>
                <p className="text-xs text-muted-foreground">
                  To {mail.to} · {formatDateTime(mail.createdAt)}
                </p>
                <pre className="mt-2 text-sm whitespace-pre-wrap text-secondary-foreground">{mail.text}</pre>
              </li>
            ))}
          </ul>
        )}
      </QueryView>
    </div>
  );
}
