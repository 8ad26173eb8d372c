import type { MailMessage } from './mailer';
import { compose } from './templates';

/** How a mail states a moment: in UTC, to the minute, the same for every reader. */
export const mailTime = (date: Date) => `${date.toISOString().replace('T', ' ').slice(0, 16)} UTC`;

/** "1 hour", "90 minutes". */
function duration(minutes: number) {
  const [count, unit] = minutes % 60 === 0 ? [minutes / 60, 'hour'] : [minutes, 'minute'];
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

export function passwordResetEmail({
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
    subject: 'Reset your Gatehouse password',
    lines: [
      `Someone asked to reset the password of the Gatehouse account ${to}.`,
      `The link below works once, within ${duration(expiresInMinutes)}. Once the new password is set, every session of the account is signed out.`,
    ],
    action: 'Choose a new password',
    url,
    footer: 'If you did not ask for this, you can ignore this message: your password stays as it is.',
  });
}

export interface PasswordChange {
  /** `changed` from the profile with the current password; `reset` through a mailed link. */
  how: 'changed' | 'reset';
  at: Date;
  ipAddress: string | null;
  userAgent: string | null;
}

/** Longest user agent quoted in a mail: enough to recognise a browser, never a wall of text. */
const USER_AGENT_MAX_LENGTH = 200;

/** Tells the owner their password changed, from where, and what to do if it was not them. */
export function passwordChangedEmail({
  to,
  name,
  change,
  resetUrl,
}: {
  to: string;
  name: string;
  change: PasswordChange;
  resetUrl: string;
}): MailMessage {
  const from = [
    change.userAgent ? `browser: ${change.userAgent.slice(0, USER_AGENT_MAX_LENGTH)}` : '',
    change.ipAddress ? `IP address: ${change.ipAddress}` : '',
  ].filter(Boolean);
  return compose({
    to,
    name,
    subject: 'Your Gatehouse password was changed',
    lines: [
      change.how === 'changed'
        ? `The password of the Gatehouse account ${to} was changed on ${mailTime(change.at)}.`
        : `The password of the Gatehouse account ${to} was reset with a link mailed to this address on ${mailTime(change.at)}.`,
      ...(from.length > 0 ? [`The request came from ${from.join(', ')}.`] : []),
      change.how === 'changed'
        ? 'Every other session of the account has been signed out.'
        : 'Every session of the account has been signed out.',
    ],
    action: 'Reset your password',
    url: resetUrl,
    footer:
      'If this was you, there is nothing to do. If it was not, reset your password at once with the link above, then check your account (sessions, passkeys, API keys), and tell your administrator.',
  });
}
