import { expect } from 'vitest';
import { awayFromStepEdge, totpCode } from '#test/totp';
import type { BrowserFixture } from './browser';
import type { TestUser } from './users';

/** Two-factor on for the browser's signed-in user, as the card does it, through the API. */
export async function enableTwoFactorByApi(t: BrowserFixture, user: Pick<TestUser, 'password'>) {
  const headers = { origin: t.baseURL };
  const enabled = await t.context.request.post(`${t.baseURL}/api/auth/two-factor/enable`, {
    data: { password: user.password },
    headers,
  });
  expect(enabled.status()).toBe(200);
  const { totpURI, backupCodes } = (await enabled.json()) as { totpURI: string; backupCodes: string[] };
  const secret = new URL(totpURI).searchParams.get('secret')!;
  await awayFromStepEdge();
  const verified = await t.context.request.post(`${t.baseURL}/api/auth/two-factor/verify-totp`, {
    // The previous step's code: the current one is left for the sign-in (a code is accepted once).
    data: { code: totpCode(secret, { offsetSteps: -1 }) },
    headers,
  });
  expect(verified.status()).toBe(200);
  return { secret, backupCodes };
}
