import type { BetterAuthPlugin } from 'better-auth';
import { APIError, getSessionFromCtx } from 'better-auth/api';
import { genericOAuth, type GenericOAuthConfig } from 'better-auth/plugins';
import type { IdentityProvider } from '../../env';
import type { Logger } from '../../lib/logger';
import { authHook, type HookContext } from '../auth-hook';
import { boundedRequests, PROVIDER_REQUEST_TIMEOUT_MS } from './bounded-requests';
import { IDENTITY_PROVIDER_ERROR_CODES } from './error-codes';
import { discoverIssuer, discoveryUrlOf } from './oidc-discovery';
import { LINK_SOCIAL_PATH, startsWithProvider } from './paths';

type OidcProvider = Extract<IdentityProvider, { kind: 'oidc' }>;
type Context = Parameters<NonNullable<BetterAuthPlugin['init']>>[0];
type SocialProvider = Context['socialProviders'][number];

/** The genericOAuth configuration of one issuer, once its discovery document has been read. */
async function configOf(provider: OidcProvider, timeoutMs: number): Promise<GenericOAuthConfig> {
  const document = await discoverIssuer(provider.issuer, timeoutMs);
  return {
    providerId: provider.id,
    name: provider.label,
    clientId: provider.clientId,
    clientSecret: provider.clientSecret,
    discoveryUrl: discoveryUrlOf(provider.issuer),
    scopes: ['openid', 'email', 'profile'],
    pkce: true,
    requireIdTokenVerification: true,
    ...boundedRequests(document, provider, timeoutMs),
  };
}

const within = <T>(promise: Promise<T>, timeoutMs: number, what: string) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`${what}: no answer in ${timeoutMs} ms`)), timeoutMs).unref(),
    ),
  ]);

/**
 * Builds one issuer's provider with Better Auth's genericOAuth: discovery checked by us first (in
 * time, issuer equal to the configured one), then the plugin's own reading of the same document,
 * bounded too (it has no timeout of its own).
 */
async function build(provider: OidcProvider, context: Context, timeoutMs: number): Promise<SocialProvider> {
  const config = await configOf(provider, timeoutMs);
  const built = await within(
    genericOAuth({ config: [config] }).init({ ...context, socialProviders: [] } as Context),
    timeoutMs,
    `discovery of ${provider.issuer}`,
  );
  const made = (built?.context as { socialProviders?: SocialProvider[] } | undefined)?.socialProviders?.[0];
  if (!made || (made as { issuer?: string }).issuer !== provider.issuer) {
    throw new Error(`${provider.issuer} gave no usable OpenID Connect configuration`);
  }
  return made;
}

/**
 * Sign-in with any OpenID Connect issuer, by discovery (decision 0084), on Better Auth's genericOAuth
 * providers: PKCE, `state` and `nonce`, ID tokens verified against the issuer's keys. What the plugin
 * leaves open is closed here:
 * - Discovery never holds up the start or a request for more than `timeoutMs`: an issuer that does
 *   not answer at start is tried again, in time, when someone picks it; until it answers, the
 *   sign-in is refused with PROVIDER_UNAVAILABLE (503), never a 500.
 * - A guest cannot link (signing in through the provider keeps their work instead).
 * - Sign-in and linking by an ID token posted directly (no redirect, no state, no nonce of ours) are
 *   refused for every provider: a token shown once to another site would otherwise sign in here.
 */
export function oidcProviders(
  providers: IdentityProvider[],
  { logger, timeoutMs = PROVIDER_REQUEST_TIMEOUT_MS }: { logger: Logger; timeoutMs?: number },
) {
  const issuers = new Map(
    providers.filter((provider): provider is OidcProvider => provider.kind === 'oidc').map((p) => [p.id, p]),
  );
  /** One attempt at a time per issuer; every request that asks meanwhile waits on the same one. */
  const attempts = new Map<string, Promise<SocialProvider | undefined>>();
  const attempt = (provider: OidcProvider, context: Context) => {
    let running = attempts.get(provider.id);
    if (!running) {
      running = build(provider, context, timeoutMs)
        .catch((error: unknown) => {
          logger.warn('identity provider unavailable', { provider: provider.id, error: String(error) });
          return undefined;
        })
        .finally(() => attempts.delete(provider.id));
      attempts.set(provider.id, running);
    }
    return running;
  };

  const requested = (ctx: HookContext) => {
    const provider = (ctx.body as { provider?: unknown } | undefined)?.provider;
    return typeof provider === 'string' ? provider : undefined;
  };

  return {
    id: 'identity-providers',
    init: async (context: Context) => {
      const built = await Promise.all([...issuers.values()].map((provider) => attempt(provider, context)));
      return { context: { socialProviders: [...built.filter((p) => p !== undefined), ...context.socialProviders] } };
    },
    hooks: {
      before: [
        {
          matcher: (ctx: { path?: string }) => startsWithProvider(ctx.path),
          handler: authHook(async (ctx) => {
            if ((ctx.body as { idToken?: unknown } | undefined)?.idToken !== undefined) {
              throw APIError.from('BAD_REQUEST', IDENTITY_PROVIDER_ERROR_CODES.PROVIDER_ID_TOKEN_NOT_ACCEPTED);
            }
            if (ctx.path === LINK_SOCIAL_PATH) {
              // A guest's made-up address is none a provider could vouch for; signing in upgrades them.
              const session = await getSessionFromCtx(ctx).catch(() => null);
              if ((session?.user as { isAnonymous?: boolean } | undefined)?.isAnonymous) {
                throw APIError.from('FORBIDDEN', IDENTITY_PROVIDER_ERROR_CODES.NO_LINKING_FOR_GUESTS);
              }
            }
            const id = requested(ctx);
            const provider = id === undefined ? undefined : issuers.get(id);
            if (!provider || ctx.context.socialProviders.some((known) => known.id === provider.id)) return;
            const built = await attempt(provider, ctx.context as unknown as Context);
            if (!built) throw APIError.from('SERVICE_UNAVAILABLE', IDENTITY_PROVIDER_ERROR_CODES.PROVIDER_UNAVAILABLE);
            // The list every request's context shares: the issuer is known from now on.
            if (!ctx.context.socialProviders.some((known) => known.id === built.id))
              ctx.context.socialProviders.unshift(built);
          }),
        },
      ],
    },
    $ERROR_CODES: IDENTITY_PROVIDER_ERROR_CODES,
  } satisfies BetterAuthPlugin;
}
