import { expect, vi } from 'vitest';
import { TestClient } from './http-client';
import { TEST_ORIGIN, type TestContext } from './test-context';

export const LINK_SUBJECT = 'Your Gatehouse sign-in link';
export const CODE_SUBJECT = 'Your Gatehouse sign-in code';
export const CLAIM_SUBJECT = 'Your Gatehouse account is now yours alone';
export const PROFILE = `${TEST_ORIGIN}/profile`;
export const AUTH_PAGE = `${TEST_ORIGIN}/auth`;

/** Sign-in by mail as the console and a browser following the mail make it. */
export function mailFlow(context: () => TestContext, headers: Record<string, string> = {}) {
  const client = () => new TestClient(context().app);
  const mails = (to: string, subject: string) =>
    context()
      .mailer.outbox!.list(to)
      .filter((mail) => mail.subject === subject);
  /** The newest mail of this subject to `to`, waited for: it is sent after the answer. */
  const newest = (to: string, subject: string, count = 1) =>
    vi.waitFor(
      () => {
        const found = mails(to, subject);
        expect(found.length).toBeGreaterThanOrEqual(count);
        return found[0]!;
      },
      { timeout: 5000 },
    );
  return {
    client,
    mails,
    askLink: (email: unknown, by = client(), extra: Record<string, unknown> = {}) =>
      by.post(
        '/api/auth/sign-in/magic-link',
        { email, callbackURL: PROFILE, errorCallbackURL: AUTH_PAGE, ...extra },
        headers,
      ),
    askCode: (email: unknown, by = client(), type: unknown = 'sign-in') =>
      by.post('/api/auth/email-otp/send-verification-otp', { email, type }, headers),
    checkCode: (email: unknown, otp: unknown, by = client()) =>
      by.post('/api/auth/sign-in/email-otp', { email, otp }, headers),
    /** The link of the newest (or `count`-th) sign-in mail to `to`, as a path a browser opens. */
    linkOf: async (to: string, count = 1) => {
      const link = new URL((await newest(to, LINK_SUBJECT, count)).links[0]!);
      return `${link.pathname}${link.search}`;
    },
    codeOf: async (to: string, count = 1) => /\b(\d{6})\b/.exec((await newest(to, CODE_SUBJECT, count)).text)![1]!,
    newest,
  };
}
