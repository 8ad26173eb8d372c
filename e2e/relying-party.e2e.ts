import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { startRelyingParty } from '../examples/relying-party/server.mjs';
import { confirmWith } from './support/confirmation';
import { useBrowser } from './support/browser';
import { E2E_ADMIN } from './support/server';
import { createUser, newUser } from './support/users';

/** A port nobody listens on yet: the application's redirect URI is registered before the example starts. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('the example relying party signs in with Gatehouse', () => {
  const t = useBrowser();

  it('signs in through Gatehouse and consent, and its refresh fails once the person revokes it', async () => {
    const port = await freePort();
    const admin = await t.visitorSignedInAs(E2E_ADMIN);
    const registered = await admin.context.request.post(`${t.baseURL}/api/v1/admin/applications`, {
      data: {
        name: 'Example app',
        type: 'web',
        redirectUris: [`http://localhost:${port}/callback`],
        postLogoutRedirectUris: [`http://localhost:${port}/`],
        scopes: ['openid', 'profile', 'email', 'offline_access'],
      },
      headers: { origin: t.baseURL },
    });
    expect(registered.status(), await registered.text()).toBe(201);
    const { clientId, clientSecret } = (
      (await registered.json()) as { data: { clientId: string; clientSecret: string } }
    ).data;
    const example = await startRelyingParty({ issuer: t.baseURL, clientId, clientSecret, port });
    try {
      const user = await createUser(t.baseURL, newUser('relying'));
      const { page } = t;
      await page.goto(example.url);
      await page.getByRole('link', { name: 'Sign in with Gatehouse' }).click();

      // Gatehouse's sign-in, then its consent screen naming the application and what it shares.
      await page.getByLabel('Email', { exact: true }).fill(user.email);
      await page.getByLabel('Password', { exact: true }).fill(user.password);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.getByRole('heading', { name: 'Example app wants to access your account' }).waitFor();
      await page.getByText('See your email address and whether it is verified').waitFor();
      await page.getByRole('button', { name: 'Allow' }).click();

      // Back at the example, with an ID token it verified.
      await page.getByText(`Signed in as ${user.email}`).waitFor();
      const claims = JSON.parse((await page.getByTestId('claims').textContent()) ?? '{}') as Record<string, unknown>;
      expect(claims).toMatchObject({ email: user.email, name: user.name });
      await page.getByRole('button', { name: 'Refresh tokens' }).click();
      await page.getByText('Tokens refreshed').waitFor();

      // The person revokes it on their profile; the example's next refresh fails.
      await page.goto(`${t.baseURL}/profile`);
      const connected = page.getByRole('list', { name: 'Connected apps' });
      await connected.getByText('Example app').waitFor();
      await page.getByRole('button', { name: 'Revoke Example app' }).click();
      await confirmWith(
        page,
        'Revoke access',
        "Are you sure you want to revoke Example app's access? It is signed out at once and must ask you again.",
        'Revoke',
      );
      await page.getByText('No connected apps.').waitFor();

      await page.goto(example.url);
      t.expectRefusal(400, '/refresh'); // the example's page saying its refresh was refused
      await page.getByRole('button', { name: 'Refresh tokens' }).click();
      await expect.poll(() => page.getByTestId('error').textContent()).toMatch(/^Refresh failed/);
    } finally {
      await example.close();
      const removed = await admin.context.request.delete(`${t.baseURL}/api/v1/admin/applications/${clientId}`, {
        headers: { origin: t.baseURL },
      });
      expect(removed.status()).toBe(200);
    }
  });
});
