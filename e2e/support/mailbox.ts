import { expect } from 'vitest';
import { E2E_ADMIN } from './server';
import { signInByApi } from './users';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  links: string[];
}

/** The admin's session cookie, signed in once per test file. */
let adminCookie: Promise<string> | undefined;
async function signInAdmin(baseURL: string): Promise<string> {
  const response = await signInByApi(baseURL, E2E_ADMIN);
  expect(response.status).toBe(200);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/**
 * Waits for the newest message to `to` whose subject matches. The server runs without SMTP, so mail
 * waits in the outbox that only platform admins read: the test reads it as the admin.
 */
export async function waitForMail(baseURL: string, to: string, subject: RegExp): Promise<Mail> {
  adminCookie ??= signInAdmin(baseURL);
  const cookie = await adminCookie;
  const deadline = Date.now() + 10_000;
  for (;;) {
    const response = await fetch(`${baseURL}/api/v1/admin/outbox?to=${encodeURIComponent(to)}`, {
      headers: { cookie },
    });
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: Mail[] };
    const found = data.find((message) => subject.test(message.subject));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`No mail to ${to} matching ${subject} within 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
