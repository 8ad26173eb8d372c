import http from 'node:http';
import { OAuth2Server } from 'oauth2-mock-server';

/** A token as oauth2-mock-server lets a listener change it before signing. */
export interface MutableToken {
  header: Record<string, unknown>;
  payload: Record<string, unknown>;
}

/** Who the provider says signs in: the claims of its next ID tokens and userinfo answers. */
export interface ProviderPerson {
  sub: string;
  email: string;
  email_verified: boolean;
  name?: string;
  picture?: string;
}

export const PROVIDER_ID = 'acme';
export const PROVIDER_LABEL = 'Acme Login';
export const PROVIDER_CLIENT = { id: 'gatehouse-client', secret: 'gatehouse-client-secret' } as const;

/**
 * A real OpenID provider on loopback (oauth2-mock-server): discovery, keys, an authorization
 * endpoint that sends the browser straight back (nobody to type a password), a token endpoint that
 * checks PKCE and signs ID tokens with the nonce it was given. `person` is who signs in next.
 */
export async function startIdentityProvider(port = 0) {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(port, 'localhost');
  const issuer = server.issuer.url!;
  const state: {
    person: ProviderPerson;
    tamper?: ((token: MutableToken) => void) | undefined;
    lastNonce?: string | undefined;
  } = {
    person: { sub: 'provider-user-1', email: 'someone@example.com', email_verified: true },
  };
  server.service.on('beforeTokenSigning', (token: MutableToken) => {
    Object.assign(token.payload, state.person);
    // The ID token is the one without a scope (the access token carries it).
    if ('scope' in token.payload) return;
    if (typeof token.payload.nonce === 'string') state.lastNonce = token.payload.nonce;
    const tamper = state.tamper;
    state.tamper = undefined;
    tamper?.(token);
  });
  server.service.on('beforeUserinfo', (userinfo: { body: Record<string, unknown> }) => {
    userinfo.body = { ...state.person };
  });
  return {
    server,
    issuer,
    /** The environment that configures this provider on a Gatehouse server. */
    env: {
      OIDC_PROVIDERS: PROVIDER_ID,
      [`OIDC_${PROVIDER_ID.toUpperCase()}_ISSUER`]: issuer,
      [`OIDC_${PROVIDER_ID.toUpperCase()}_CLIENT_ID`]: PROVIDER_CLIENT.id,
      [`OIDC_${PROVIDER_ID.toUpperCase()}_CLIENT_SECRET`]: PROVIDER_CLIENT.secret,
      [`OIDC_${PROVIDER_ID.toUpperCase()}_LABEL`]: PROVIDER_LABEL,
    } as Record<string, string>,
    /** Who signs in next (and after, until changed). */
    signsInAs(person: ProviderPerson) {
      state.person = person;
    },
    /** Changes the next ID token before it is signed (an issuer, an audience, a nonce, a time). */
    tamperNextIdToken(tamper: (token: MutableToken) => void) {
      state.tamper = tamper;
    },
    /** The nonce of the last ID token signed: what a replay would send again. */
    lastNonce: () => state.lastNonce,
    stop: () => server.stop(),
  };
}
export type IdentityProviderServer = Awaited<ReturnType<typeof startIdentityProvider>>;

/**
 * An address that accepts connections and never answers: an issuer that is "slow" for as long as a
 * test needs. `stop` closes the sockets it holds.
 */
export async function startSilentServer() {
  const sockets = new Set<import('node:net').Socket>();
  const server = http.createServer(() => {});
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
  const { port } = server.address() as import('node:net').AddressInfo;
  return {
    url: `http://localhost:${port}`,
    stop: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
