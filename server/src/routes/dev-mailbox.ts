import { Hono } from 'hono';
import { outboxQuerySchema } from '#common/admin';
import type { ApiData } from '#common/error-codes';
import { validate } from '../http/validate';
import type { MailOutbox, StoredMail } from '../mail/mailer';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/** The outbox as JSON, open to anyone: mounted only with UNSAFE_DEV_MAILBOX=true, never in production. */
export function devMailboxApi(mailbox: MailOutbox) {
  return new Hono()
    .get('/', validate('query', outboxQuerySchema), (c) =>
      c.json<ApiData<StoredMail[]>>({ data: mailbox.list(c.req.valid('query').to) }),
    )
    .delete('/', (c) => {
      mailbox.clear();
      return c.body(null, 204);
    });
}

/** The same mailbox as a page a person can click through. */
export function devMailboxPage(mailbox: MailOutbox) {
  return new Hono().get('/', validate('query', outboxQuerySchema), (c) => {
    const messages = mailbox.list(c.req.valid('query').to);
    const items = messages
      .map(
        (message) => `<article>
  <h2>${escapeHtml(message.subject)}</h2>
  <p class="meta">To ${escapeHtml(message.to)} · ${escapeHtml(message.createdAt)}</p>
  <pre>${escapeHtml(message.text)}</pre>
  ${message.links.map((link) => `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`).join('')}
</article>`,
      )
      .join('\n');
    return c.html(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Development mailbox</title>
<style>body{font-family:system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem;color:#0f172a}
article{border:1px solid #e2e8f0;border-radius:8px;padding:1rem;margin:1rem 0}pre{white-space:pre-wrap}.meta{color:#64748b;font-size:14px}</style>
</head><body><h1>Development mailbox</h1><p>Messages the server would have sent (newest first). Anyone who can open this page reads every mail: it exists only because UNSAFE_DEV_MAILBOX=true.</p>
${items || '<p>No messages yet.</p>'}</body></html>`);
  });
}
