import type { MailMessage } from './mailer';
import { mailTime } from './password-templates';
import { compose } from './templates';

/** What a claim removed from an account, counted. */
export interface RemovedWaysIn {
  sessions: number;
  passkeys: number;
  apiKeys: number;
  /** A two-factor secret and its backup codes. */
  twoFactor: boolean;
  trustedDevices: number;
  linkedAccounts: number;
  /** The password set before the proof (a verification link leaves none; a reset sets the new one). */
  password: boolean;
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The removed things as the mail lists them, one a line; sessions always (a reset has ended them
 * already). `mail`: Better Auth removed the password and linked sign-ins before they could be counted.
 */
export function removedLines(removed: RemovedWaysIn, { mail = false }: { mail?: boolean } = {}): string[] {
  return [
    removed.passkeys > 0 ? `- ${count(removed.passkeys, 'passkey', 'passkeys')}` : '',
    removed.apiKeys > 0 ? `- ${count(removed.apiKeys, 'API key', 'API keys')}` : '',
    removed.twoFactor ? '- two-factor sign-in, with its backup codes' : '',
    removed.trustedDevices > 0 ? `- ${count(removed.trustedDevices, 'trusted device', 'trusted devices')}` : '',
    removed.linkedAccounts > 0 ? `- ${count(removed.linkedAccounts, 'linked sign-in', 'linked sign-ins')}` : '',
    removed.password ? '- the password' : '',
    mail ? '- any password and linked sign-in set up before' : '',
    '- every session: each browser and device was signed out',
  ].filter(Boolean);
}

/**
 * Tells the person who proved an unverified address that the account is now theirs alone, and what
 * anyone who signed up with the address before them had left on it, now removed.
 */
export function accountClaimedEmail({
  to,
  name,
  how,
  at,
  removed,
  url,
}: {
  to: string;
  name: string;
  how: 'reset' | 'verification' | 'mail';
  at: Date;
  removed: RemovedWaysIn;
  url: string;
}): MailMessage {
  return compose({
    to,
    name,
    subject: 'Your Gatehouse account is now yours alone',
    lines: [
      how === 'reset'
        ? `The password of the Gatehouse account ${to} was reset with a link mailed to this address on ${mailTime(at)}, and the address is now verified.`
        : how === 'mail'
          ? `The address ${to} of a Gatehouse account was proven by signing in with a link or code mailed to it on ${mailTime(at)}, and it is now verified.`
          : `The address ${to} of a Gatehouse account was verified with a link mailed to it on ${mailTime(at)}.`,
      'Until then the address was not proven, and anyone could have signed up with it. So that nobody else keeps a way in, what was set up on the account before was removed:',
      ...removedLines(removed, { mail: how === 'mail' }),
      ...(removed.password && how !== 'mail'
        ? ['The account has no password now: choose one with the link below.']
        : []),
    ],
    action: removed.password && how !== 'mail' ? 'Choose a password' : 'Review your account',
    url,
    footer:
      'Add your own passkeys, API keys and two-factor sign-in again from your profile. If you did not do this, reset your password at once and tell your administrator.',
  });
}
