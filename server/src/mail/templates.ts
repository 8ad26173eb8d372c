import type { MailMessage } from './mailer';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/**
 * One plain-text part and one HTML part of the same words, after a greeting, with a single call to
 * action.
 */
export function compose({
  to,
  name,
  subject,
  lines,
  action,
  url,
  footer,
  quotes,
}: {
  to: string;
  /** The account's name, to greet it by (its address when the name is empty); none without an account. */
  name?: string;
  subject: string;
  lines: string[];
  action: string;
  url: string;
  footer: string;
  /** Text someone else wrote (`quoted` makes it safe), shown apart as a quotation after the lines. */
  quotes?: Array<{ label: string; text: string }>;
}): MailMessage {
  const paragraphs = [name === undefined ? 'Hello,' : `Hello ${name || to},`, ...lines];
  const quoteLines = (quotes ?? []).map(({ label, text }) => `${label}: “${text}”`);
  const text = [
    ...paragraphs,
    ...quoteLines.map((line) => `> ${line}`),
    '',
    `${action}: ${url}`,
    '',
    footer,
    '',
    '— Gatehouse',
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a;line-height:1.5">
${paragraphs.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
${quoteLines.map((line) => `<blockquote style="margin:0 0 12px;padding:2px 12px;border-left:3px solid #cbd5e1;color:#334155">${escapeHtml(line)}</blockquote>`).join('\n')}
<p><a href="${escapeHtml(url)}" style="display:inline-block;background:#4f46e5;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(action)}</a></p>
<p style="font-size:13px;color:#475569">Or open this link: <a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>
<p style="font-size:13px;color:#475569">${escapeHtml(footer)}</p>
<p>— Gatehouse</p></body></html>`;
  return { to, subject, text, html };
}

/**
 * `claims`: the address is an account's still unverified one, whose proof claims the account
 * (decision 0057); the mail says what the link does beyond verifying it.
 */
export function verificationEmail({
  to,
  name,
  url,
  claims = false,
}: {
  to: string;
  name: string;
  url: string;
  claims?: boolean;
}): MailMessage {
  return compose({
    to,
    name,
    subject: 'Verify your email address',
    lines: [
      `Please confirm that ${to} is your email address.`,
      ...(claims
        ? [
            'Open the link in a browser signed in to this account to keep what is set up on it. Opened anywhere else, it also signs out every session and removes the password, passkeys, API keys and two-factor sign-in set up before: until the address is proven, anyone could have signed up with it.',
          ]
        : []),
    ],
    action: 'Verify email address',
    url,
    footer: 'If you did not ask for this, you can ignore this message.',
  });
}

export function changeEmailApproval({
  to,
  name,
  newEmail,
  url,
}: {
  to: string;
  name: string;
  newEmail: string;
  url: string;
}): MailMessage {
  return compose({
    to,
    name,
    subject: 'Approve the change of your email address',
    lines: [
      `Someone asked to change the email address of your Gatehouse account from ${to} to ${newEmail}.`,
      'The change happens only once you approve it and the new address is confirmed.',
    ],
    action: 'Approve the change',
    url,
    footer: 'If this was not you, ignore this message and change your password: nothing changes without your approval.',
  });
}

/** The longest stretch of someone else's text a mail quotes. */
export const QUOTED_MAX_LENGTH = 100;

/**
 * Text that people chose (an organization's or a person's name), made fit to quote in a mail: on
 * one line (line breaks, control and direction characters become spaces), at most
 * QUOTED_MAX_LENGTH characters, and defanged so that no mail client turns it into a link: `://`
 * becomes `[://]` and a dot between letters or digits `[.]` ("evil[.]example"), the usual way of
 * quoting an address that must not be followed (decision 0062).
 */
export function quoted(value: string): string {
  // eslint-disable-next-line no-control-regex
  const oneLine = value.replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2066-\u2069\ufeff]+/g, ' ');
  const squeezed = oneLine.replace(/\s+/g, ' ').trim();
  const short = squeezed.length > QUOTED_MAX_LENGTH ? `${squeezed.slice(0, QUOTED_MAX_LENGTH - 1)}…` : squeezed;
  return short.replace(/:\/\//g, '[://]').replace(/(?<=[\p{L}\p{N}])\.(?=[\p{L}\p{N}])/gu, '[.]');
}

/** The subject of every invitation: ours alone, whatever the organization or its inviter are called. */
export const INVITATION_SUBJECT = 'Invitation to join an organization on Gatehouse';

export function invitationEmail({
  to,
  organizationName,
  inviterName,
  inviterEmail,
  role,
  url,
}: {
  to: string;
  organizationName: string;
  inviterName: string;
  inviterEmail: string;
  role: string;
  url: string;
}): MailMessage {
  const inviter = inviterName.trim() ? `${quoted(inviterName)} (${quoted(inviterEmail)})` : quoted(inviterEmail);
  return compose({
    to,
    subject: INVITATION_SUBJECT,
    lines: [
      `You are invited to join an organization on Gatehouse as ${role}.`,
      'Its name and the name of the person who invited you were written by them, not by Gatehouse:',
    ],
    quotes: [
      { label: 'Organization', text: quoted(organizationName) },
      { label: 'Invited by', text: inviter },
    ],
    action: 'Open the invitation',
    url,
    footer:
      `Sign in (or create an account) with ${to}, then accept or reject the invitation under My Invitations on your profile. ` +
      'If you did not expect it, you can ignore this message; nothing happens unless you accept.',
  });
}
