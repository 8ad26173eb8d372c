import type { MailMessage } from './mailer';
import { mailTime } from './password-templates';
import { compose } from './templates';

/** A sign-in from something the account never signed in from, as far as the session tells. */
export interface NewSignIn {
  at: Date;
  /** "Chrome 131 on Windows 10", or the start of the raw user agent. */
  browser: string | null;
  ipAddress: string | null;
  /** "Lisbon, Portugal"; null when unknown. */
  location: string | null;
  newBrowser: boolean;
  newCountry: boolean;
}

const whatIsNew = ({ newBrowser, newCountry }: NewSignIn) =>
  newBrowser && newCountry ? 'a browser and a country' : newBrowser ? 'a browser' : 'a country';

/** Tells the owner of a sign-in from somewhere new, and what to do if it was not them. */
export function newSignInEmail({
  to,
  name,
  signIn,
  profileUrl,
}: {
  to: string;
  name: string;
  signIn: NewSignIn;
  profileUrl: string;
}): MailMessage {
  return compose({
    to,
    name,
    subject: 'New sign-in to your Gatehouse account',
    lines: [
      `Someone signed in to the Gatehouse account ${to} from ${whatIsNew(signIn)} it had not signed in from before.`,
      `Browser: ${signIn.browser ?? 'unknown'}`,
      `IP address: ${signIn.ipAddress ?? 'unknown'}`,
      ...(signIn.location ? [`Location: ${signIn.location}`] : []),
      `Time: ${mailTime(signIn.at)}`,
    ],
    action: 'Review your sessions',
    url: profileUrl,
    footer:
      'If this was you, there is nothing to do. If it was not, change your password at once on your profile, sign out the sessions you do not recognise there, and check your passkeys and API keys. You can turn these alerts off on your profile.',
  });
}
