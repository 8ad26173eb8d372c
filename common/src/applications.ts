import { z } from 'zod';

/**
 * Gatehouse as an OpenID Connect provider: the scopes an application may ask for, what each one
 * shares in the consent screen's words, and the rules for registering an application. The server
 * and the console both read them from here.
 */
export const APPLICATION_SCOPES = ['openid', 'profile', 'email', 'offline_access', 'organizations'] as const;
export type ApplicationScope = (typeof APPLICATION_SCOPES)[number];

/** What the person allows when they allow a scope, in the consent screen's words. */
export const SCOPE_DESCRIPTIONS: Record<ApplicationScope, string> = {
  openid: 'Know who you are (a stable id for your account)',
  profile: 'See your name and profile picture',
  email: 'See your email address and whether it is verified',
  offline_access: 'Stay connected when you are not using it',
  organizations: 'See the organizations you belong to and your role in each',
};

/** The claim the `organizations` scope adds to the ID token and userinfo: `[{ id, name, slug, role }]`. */
export const ORGANIZATIONS_CLAIM = 'organizations';

/**
 * `web`: a server-side app that keeps a secret. `spa` and `native`: public clients that cannot keep
 * one, so PKCE is their only proof (the provider requires it of them).
 */
export const APPLICATION_TYPES = ['web', 'spa', 'native'] as const;
export type ApplicationType = (typeof APPLICATION_TYPES)[number];

export const APPLICATION_NAME_MAX_LENGTH = 100;
export const REDIRECT_URIS_MAX = 10;
const REDIRECT_URI_MAX_LENGTH = 2000;

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** A redirect URI on the developer's own machine: plain http to a loopback host. */
export function isLoopbackRedirectUri(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
  } catch {
    return false;
  }
}

/** Loopback hosts use plain http (an app on the developer's own machine); every other host https. */
export function redirectUriProblem(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'Must be an absolute URL';
  }
  if (url.hash || value.includes('#')) return 'Must not contain a fragment (#)';
  if (url.username || url.password) return 'Must not contain a user name or password';
  const loopback = LOOPBACK_HOSTS.has(url.hostname);
  if (url.protocol === 'https:') return loopback ? 'Loopback hosts use http, not https' : undefined;
  if (url.protocol === 'http:' && loopback) return undefined;
  if (url.protocol === 'http:') return 'Must use https (plain http only for localhost, 127.0.0.1 or [::1])';
  return 'Must use https';
}

const redirectUri = z
  .string()
  .trim()
  .min(1, 'Enter a redirect URI')
  .max(REDIRECT_URI_MAX_LENGTH, `At most ${REDIRECT_URI_MAX_LENGTH} characters`)
  .superRefine((value, ctx) => {
    const problem = redirectUriProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

const redirectUris = z
  .array(redirectUri)
  .min(1, 'Add at least one redirect URI')
  .max(REDIRECT_URIS_MAX, `At most ${REDIRECT_URIS_MAX} redirect URIs`)
  .refine((list) => new Set(list).size === list.length, 'Each redirect URI only once')
  .refine(
    (list) => new Set(list.map(isLoopbackRedirectUri)).size <= 1,
    'Use either loopback (http://localhost…) or https redirect URIs in one application; register local development as an application of its own',
  );

export const applicationInputSchema = z.strictObject({
  name: z.string().trim().min(1, 'Enter a name').max(APPLICATION_NAME_MAX_LENGTH),
  type: z.enum(APPLICATION_TYPES),
  redirectUris,
  postLogoutRedirectUris: z
    .array(redirectUri)
    .max(REDIRECT_URIS_MAX, `At most ${REDIRECT_URIS_MAX} sign-out redirect URIs`)
    .optional(),
  scopes: z
    .array(z.enum(APPLICATION_SCOPES))
    .min(1)
    .refine((list) => list.includes('openid'), 'openid is required')
    .optional(),
  /** First-party: people are not asked to consent. */
  trusted: z.boolean().optional(),
});
export type ApplicationInput = z.infer<typeof applicationInputSchema>;

export const applicationUpdateSchema = applicationInputSchema
  .omit({ type: true })
  .partial()
  .extend({ disabled: z.boolean().optional() })
  .refine((value) => Object.keys(value).length > 0, 'Nothing to change');
export type ApplicationUpdate = z.infer<typeof applicationUpdateSchema>;

/** The scopes of an application registered without a list: enough to sign in, nothing kept offline. */
export const DEFAULT_APPLICATION_SCOPES: readonly ApplicationScope[] = ['openid', 'profile', 'email'];

/** An application as the admin API answers it: never its secret. */
export interface AdminApplication {
  clientId: string;
  name: string;
  type: ApplicationType;
  redirectUris: string[];
  postLogoutRedirectUris: string[];
  scopes: ApplicationScope[];
  trusted: boolean;
  disabled: boolean;
  createdAt: string;
  updatedAt: string;
}

/** The answer of a registration: the secret of a `web` application, shown this once (null for public ones). */
export interface CreatedApplication extends AdminApplication {
  clientSecret: string | null;
}
