import type { BetterAuthOptions } from 'better-auth';
import type { IdentityProvider } from '../../env';

/**
 * Better Auth's own providers for Google, GitHub and Microsoft, from the configuration. Each answers
 * at `/api/auth/callback/<id>`; each says itself whether the address it gives is verified.
 */
export function socialProvidersOf(providers: IdentityProvider[]): NonNullable<BetterAuthOptions['socialProviders']> {
  const social: NonNullable<BetterAuthOptions['socialProviders']> = {};
  for (const provider of providers) {
    if (provider.kind === 'google') {
      social.google = { clientId: provider.clientId, clientSecret: provider.clientSecret };
    } else if (provider.kind === 'github') {
      social.github = { clientId: provider.clientId, clientSecret: provider.clientSecret };
    } else if (provider.kind === 'microsoft') {
      social.microsoft = {
        clientId: provider.clientId,
        clientSecret: provider.clientSecret,
        tenantId: provider.tenantId,
      };
    }
  }
  return social;
}
