import { expect } from 'vitest';
import type { TestClient } from './http-client';
import { PROVIDER_ID } from './identity-provider';

/** A path on the app from an absolute URL it answered with. */
const pathOf = (location: string) => {
  const url = new URL(location);
  return `${url.pathname}${url.search}`;
};

/** Where a sign-in that went through the provider ended: the app's last redirect, and its `error`, if any. */
export interface ProviderReturn {
  status: number;
  location: string;
  error: string | null;
}

/**
 * Follows a browser through a provider: Gatehouse's answer names the provider's authorization URL,
 * the provider sends the browser back to the callback, whose answer is where the browser lands.
 * `tamper` may change the callback URL before the browser opens it (an attacker's state).
 */
export async function throughProvider(
  client: TestClient,
  start: { path: '/api/auth/sign-in/social' | '/api/auth/link-social'; body: Record<string, unknown> },
  tamper: (callback: URL) => URL = (callback) => callback,
): Promise<ProviderReturn> {
  const started = await client.post<{ url: string; redirect: boolean }>(start.path, start.body);
  expect(started.status, started.text).toBe(200);
  const authorize = await fetch(started.body.url, { redirect: 'manual' });
  expect(authorize.status).toBe(302);
  const callback = tamper(new URL(authorize.headers.get('location')!));
  const landed = await client.get(pathOf(callback.href));
  const location = landed.headers.get('location') ?? '';
  return {
    status: landed.status,
    location,
    error: location ? new URL(location, 'http://localhost').searchParams.get('error') : null,
  };
}

/** Signs in (or up) through the provider from `/auth`, as the sign-in screen does. */
export const signInThroughProvider = (client: TestClient, tamper?: (callback: URL) => URL) =>
  throughProvider(
    client,
    {
      path: '/api/auth/sign-in/social',
      body: { provider: PROVIDER_ID, callbackURL: '/profile', errorCallbackURL: '/auth' },
    },
    tamper,
  );

/** Links the provider's account from the profile, as the Linked accounts card does. */
export const linkThroughProvider = (client: TestClient) =>
  throughProvider(client, {
    path: '/api/auth/link-social',
    body: { provider: PROVIDER_ID, callbackURL: '/profile', errorCallbackURL: '/profile' },
  });
