import { expect } from 'vitest';
import { TestClient } from '../../../testing/http-client';
import { selectRows } from '../../../testing/rows';
import { decodeQuotedPrintable, type ReceivedMail } from '../../../testing/smtp-sink';
import type { TestContext } from '../../../testing/test-context';

export const PASSWORD = 'user-password-1';
export const ALERT_SUBJECT = 'New sign-in to your Gatehouse account';

export const BROWSERS = {
  chromeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  chromeWindowsUpdated:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/132.0.0.0 Safari/537.36',
  firefoxLinux: 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
} as const;

/** Where a request comes from: its browser, its address, and the location a trusted proxy names. */
export interface Origin {
  browser: string;
  ip: string;
  country?: string;
  city?: string;
}

export const headersFrom = ({ browser, ip, country, city }: Origin): Record<string, string> => ({
  'user-agent': browser,
  'x-forwarded-for': ip,
  ...(country ? { 'cf-ipcountry': country } : {}),
  ...(city ? { 'cf-ipcity': city } : {}),
});

/** Waits until every sign-in noted so far is recorded and its mail sent (or failed). */
export const settled = (context: TestContext) => context.auth.settle();

/** A new browser signed in with the password from `origin`; fails the test unless the answer is 200. */
export async function signInFrom(context: TestContext, email: string, origin: Origin) {
  const client = new TestClient(context.app);
  const response = await client.post('/api/auth/sign-in/email', { email, password: PASSWORD }, headersFrom(origin));
  expect(response.status, response.text).toBe(200);
  await settled(context);
  return client;
}

/** The sign-in alerts mailed to `email`, decoded. */
export const alertsTo = (received: ReceivedMail[], email: string) =>
  received
    .filter((mail) => mail.to.includes(email))
    .map((mail) => decodeQuotedPrintable(mail.raw))
    .filter((raw) => raw.includes(`Subject: ${ALERT_SUBJECT}`));

/** What was recorded of the person's sign-ins, as `kind value` lines, sorted. */
export async function seenBy(context: TestContext, userId: string) {
  const rows = await selectRows(context, 'signInSeen', ['kind', 'value'], { userId });
  return rows.map((row) => `${row.kind} ${row.value}`).sort();
}
