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
}: {
  to: string;
  /** The account's name, to greet it by (its address when the name is empty); none without an account. */
  name?: string;
  subject: string;
  lines: string[];
  action: string;
  url: string;
  footer: string;
}): MailMessage {
  const paragraphs = [name === undefined ? 'Hello,' : `Hello ${name || to},`, ...lines];
  const text = [...paragraphs, '', `${action}: ${url}`, '', footer, '', '— Gatehouse'].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a;line-height:1.5">
${paragraphs.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
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

export function invitationEmail({
  to,
  organizationName,
  inviterName,
  role,
  url,
}: {
  to: string;
  organizationName: string;
  inviterName: string;
  role: string;
  url: string;
}): MailMessage {
  return compose({
    to,
    subject: `You are invited to join ${organizationName}`,
    lines: [
      `${inviterName} invited you to join ${organizationName} on Gatehouse as ${role}.`,
      `Sign in (or create an account) with ${to}, then accept the invitation under My Invitations on your profile.`,
    ],
    action: 'Open the invitation',
    url,
    footer: 'If you did not expect this invitation, you can ignore this message.',
  });
}
