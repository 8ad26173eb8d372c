import {
  APPLICATION_SCOPES,
  APPLICATION_TYPES,
  DEFAULT_APPLICATION_SCOPES,
  isLoopbackRedirectUri,
  type AdminApplication,
  type ApplicationInput,
  type ApplicationScope,
  type ApplicationType,
  type ApplicationUpdate,
  type CreatedApplication,
} from '#common/applications';
import type { Auth } from '../auth';

/**
 * Applications as the platform admins see them, on top of the provider plugin's clients (decision
 * 0078). The plugin checks and stores them; what it cannot do (disable, clear the sign-out URIs,
 * end the tokens of an application) is done here on its tables, through Better Auth's adapter.
 */

/** Our kind of application, kept in the client's metadata (`type` itself is a name the plugin keeps for its own). */
const TYPE_KEY = 'gatehouse_type';

/** A row of the plugin's `oauthClient` table, as the adapter reads it. */
interface ClientRow {
  clientId: string;
  clientSecret?: string | null;
  name?: string | null;
  redirectUris?: string[] | null;
  postLogoutRedirectUris?: string[] | null;
  scopes?: string[] | null;
  skipConsent?: boolean | null;
  disabled?: boolean | null;
  tokenEndpointAuthMethod?: string | null;
  metadata?: unknown;
  createdAt?: Date | string | null;
  updatedAt?: Date | string | null;
}

const parsedMetadata = (metadata: unknown): Record<string, unknown> => {
  if (typeof metadata === 'string') {
    try {
      return JSON.parse(metadata) as Record<string, unknown>;
    } catch {
      return {};
    }
  }
  return metadata && typeof metadata === 'object' ? (metadata as Record<string, unknown>) : {};
};

/** A client the plugin made elsewhere (none today) reads as `web` with a secret, `spa` without. */
function typeOf(row: ClientRow): ApplicationType {
  const stored = parsedMetadata(row.metadata)[TYPE_KEY];
  if (APPLICATION_TYPES.includes(stored as ApplicationType)) return stored as ApplicationType;
  return row.tokenEndpointAuthMethod === 'none' ? 'spa' : 'web';
}

const isoOf = (value: Date | string | null | undefined) => (value ? new Date(value).toISOString() : '');

function applicationOf(row: ClientRow): AdminApplication {
  return {
    clientId: row.clientId,
    name: row.name ?? '',
    type: typeOf(row),
    redirectUris: row.redirectUris ?? [],
    postLogoutRedirectUris: row.postLogoutRedirectUris ?? [],
    // No list on the client lets it ask for every scope the provider has.
    scopes: (row.scopes ?? [...APPLICATION_SCOPES]).filter((scope): scope is ApplicationScope =>
      APPLICATION_SCOPES.includes(scope as ApplicationScope),
    ),
    trusted: Boolean(row.skipConsent),
    disabled: Boolean(row.disabled),
    createdAt: isoOf(row.createdAt),
    updatedAt: isoOf(row.updatedAt ?? row.createdAt),
  };
}

/** The plugin refuses loopback redirect URIs to a `web` client: apps on the developer's machine are `native` to it. */
const pluginApplicationType = (redirectUris: string[]) =>
  redirectUris.some(isLoopbackRedirectUri) ? ('native' as const) : ('web' as const);

const adapterOf = async (auth: Auth) => (await auth.$context).adapter;

async function findRow(auth: Auth, clientId: string): Promise<ClientRow | null> {
  const adapter = await adapterOf(auth);
  return adapter.findOne<ClientRow>({ model: 'oauthClient', where: [{ field: 'clientId', value: clientId }] });
}

export async function listApplications(auth: Auth): Promise<AdminApplication[]> {
  const adapter = await adapterOf(auth);
  const rows = await adapter.findMany<ClientRow>({
    model: 'oauthClient',
    sortBy: { field: 'createdAt', direction: 'desc' },
  });
  return rows.map(applicationOf);
}

export async function findApplication(auth: Auth, clientId: string): Promise<AdminApplication | null> {
  const row = await findRow(auth, clientId);
  return row ? applicationOf(row) : null;
}

/**
 * Registers an application as the platform admin whose session `headers` carry. A `web` application
 * keeps a secret (`client_secret_basic`), answered here once; `spa` and `native` ones are public
 * (`none`), and the plugin then requires PKCE of them.
 */
export async function createApplication(
  auth: Auth,
  headers: Headers,
  input: ApplicationInput,
): Promise<CreatedApplication> {
  const postLogout = input.postLogoutRedirectUris ?? [];
  const created = await auth.api.adminCreateOAuthClient({
    headers,
    body: {
      client_name: input.name,
      redirect_uris: input.redirectUris,
      application_type: pluginApplicationType(input.redirectUris),
      ...(postLogout.length > 0 ? { post_logout_redirect_uris: postLogout, enable_end_session: true } : {}),
      scope: (input.scopes ?? DEFAULT_APPLICATION_SCOPES).join(' '),
      token_endpoint_auth_method: input.type === 'web' ? 'client_secret_basic' : 'none',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      skip_consent: input.trusted ?? false,
      metadata: { [TYPE_KEY]: input.type },
    },
  });
  const row = await findRow(auth, created.client_id);
  if (!row) throw new Error('The application just registered cannot be read back');
  return { ...applicationOf(row), clientSecret: created.client_secret ?? null };
}

/** Ends every token of the application; consents stay (they are the people's, not the tokens'). */
async function endTokens(auth: Auth, clientId: string) {
  const adapter = await adapterOf(auth);
  const byClient = [{ field: 'clientId', value: clientId }];
  // Access tokens first: they may point at the refresh token that issued them.
  await adapter.deleteMany({ model: 'oauthAccessToken', where: byClient });
  await adapter.deleteMany({ model: 'oauthRefreshToken', where: byClient });
}

/**
 * Applies a change. What the plugin checks (name, redirect URIs, scopes, consent) goes through it;
 * the rest is written here. Disabling also ends the application's tokens: the plugin refuses a
 * disabled client new ones, but would still honour those it holds.
 */
export async function updateApplication(
  auth: Auth,
  headers: Headers,
  current: AdminApplication,
  change: ApplicationUpdate,
): Promise<AdminApplication> {
  const redirectUris = change.redirectUris ?? current.redirectUris;
  const update = {
    ...(change.name !== undefined ? { client_name: change.name } : {}),
    ...(change.redirectUris ? { redirect_uris: change.redirectUris } : {}),
    application_type: pluginApplicationType(redirectUris),
    ...(change.scopes ? { scope: change.scopes.join(' ') } : {}),
    ...(change.trusted !== undefined ? { skip_consent: change.trusted } : {}),
    ...(change.postLogoutRedirectUris?.length
      ? { post_logout_redirect_uris: change.postLogoutRedirectUris, enable_end_session: true }
      : {}),
  };
  await auth.api.adminUpdateOAuthClient({ headers, body: { client_id: current.clientId, update } });

  const own: Record<string, unknown> = {};
  // The plugin takes no empty list: no sign-out URIs left means no sign-out through the provider.
  if (change.postLogoutRedirectUris?.length === 0) {
    Object.assign(own, { postLogoutRedirectUris: null, enableEndSession: false });
  }
  if (change.disabled !== undefined) own.disabled = change.disabled;
  if (Object.keys(own).length > 0) {
    const adapter = await adapterOf(auth);
    await adapter.update({
      model: 'oauthClient',
      where: [{ field: 'clientId', value: current.clientId }],
      update: { ...own, updatedAt: new Date() },
    });
  }
  if (change.disabled === true) await endTokens(auth, current.clientId);
  const row = await findRow(auth, current.clientId);
  if (!row) throw new Error('The application just changed cannot be read back');
  return applicationOf(row);
}

/** A new secret for a `web` application, answered once; the old one stops working at once. */
export async function rotateApplicationSecret(auth: Auth, headers: Headers, clientId: string): Promise<string> {
  const rotated = await auth.api.rotateClientSecret({ headers, body: { client_id: clientId } });
  if (!rotated.client_secret) throw new Error('The provider answered no new secret');
  return rotated.client_secret;
}

/** Deletes the application with its tokens and the consents people gave it. */
export async function deleteApplication(auth: Auth, headers: Headers, clientId: string) {
  await endTokens(auth, clientId);
  const adapter = await adapterOf(auth);
  await adapter.deleteMany({ model: 'oauthConsent', where: [{ field: 'clientId', value: clientId }] });
  await auth.api.deleteOAuthClient({ headers, body: { client_id: clientId } });
}
