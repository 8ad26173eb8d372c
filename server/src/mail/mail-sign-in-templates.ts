import type { MailMessage } from './mailer';
import { compose } from './templates';

const FOOTER =
  'If you did not ask to sign in, ignore this email: nobody can use it without opening your inbox. Do not forward it.';

/** A link that signs in once, within `expiresInMinutes`. */
export function signInLinkEmail({
  to,
  name,
  url,
  expiresInMinutes,
}: {
  to: string;
  name: string;
  url: string;
  expiresInMinutes: number;
}): MailMessage {
  return compose({
    to,
    name,
    subject: 'Your Gatehouse sign-in link',
    lines: [
      `Someone asked to sign in to the Gatehouse account ${to} with a link sent by email.`,
      `The link works once, within ${expiresInMinutes} minutes.`,
    ],
    action: 'Sign in to Gatehouse',
    url,
    footer: FOOTER,
  });
}

/** A code that signs in once, within `expiresInMinutes`, typed on the sign-in page (`signInUrl`). */
export function signInCodeEmail({
  to,
  name,
  code,
  expiresInMinutes,
  signInUrl,
}: {
  to: string;
  name: string;
  code: string;
  expiresInMinutes: number;
  signInUrl: string;
}): MailMessage {
  return compose({
    to,
    name,
    subject: 'Your Gatehouse sign-in code',
    lines: [
      `Someone asked to sign in to the Gatehouse account ${to} with a code sent by email.`,
      `Your sign-in code: ${code}`,
      `Type it on the sign-in page. It works once, within ${expiresInMinutes} minutes.`,
    ],
    action: 'Open the sign-in page',
    url: signInUrl,
    footer: FOOTER,
  });
}
