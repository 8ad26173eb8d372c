import { z } from 'zod';

// How the configuration's values are read from environment text, with the messages they give.

export const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

export const optional = (value: string | undefined) =>
  value === undefined || value.trim() === '' ? undefined : value.trim();

export function urlWithProtocols(protocols: string[], example: string) {
  return z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    { message: `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')} (for example ${example})` },
  );
}

export const port = z.coerce
  .number({ message: 'must be an integer from 1 to 65535' })
  .int('must be an integer from 1 to 65535')
  .min(1, 'must be an integer from 1 to 65535')
  .max(65535, 'must be an integer from 1 to 65535');

/** A whole number of seconds, at least `min`. */
export const seconds = (min: number) =>
  z.coerce
    .number({ message: `must be a whole number of seconds, at least ${min}` })
    .int(`must be a whole number of seconds, at least ${min}`)
    .min(min, `must be a whole number of seconds, at least ${min}`);

/** A whole number of days, at least `min`. */
export const days = (min: number) =>
  z.coerce
    .number({ message: `must be a whole number of days, at least ${min}` })
    .int(`must be a whole number of days, at least ${min}`)
    .min(min, `must be a whole number of days, at least ${min}`);

export const origin = z.string().transform((value, ctx) => {
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('protocol');
    return url.origin;
  } catch {
    ctx.addIssue({ code: 'custom', message: 'must be an http(s) URL such as https://console.example.com' });
    return z.NEVER;
  }
});

/** `true` or `false`, in any case. */
export const flag = z
  .string()
  .toLowerCase()
  .pipe(z.enum(['true', 'false'], { message: 'must be true or false' }))
  .transform((value) => value === 'true');

/** A comma-separated list, each item read by `item`. */
export const listOf = <T>(item: z.ZodType<T, string>) =>
  z
    .string()
    .optional()
    .transform((value) => list(value))
    .pipe(z.array(item));

/** A name of `OIDC_PROVIDERS`: it becomes the provider's id, in its callback URL and its variables. */
export const providerName = z
  .string()
  .toLowerCase()
  .regex(
    /^[a-z][a-z0-9-]{0,31}$/,
    'must be names of letters, digits and hyphens, comma-separated (for example acme,corp)',
  )
  .refine((name) => !['google', 'github', 'microsoft', 'credential', 'email-otp', 'magic-link'].includes(name), {
    message: 'must not name a built-in provider (google, github, microsoft) or a sign-in method',
  });

/** `off`, `link`, `code` or `link,code`. */
export const emailSignInModes = z
  .string()
  .toLowerCase()
  .transform((value, ctx) => {
    const modes = list(value);
    const valid =
      modes.every((mode) => mode === 'link' || mode === 'code') || (modes.length === 1 && modes[0] === 'off');
    if (!valid || new Set(modes).size !== modes.length) {
      ctx.addIssue({ code: 'custom', message: 'must be off, link, code or link,code' });
      return z.NEVER;
    }
    return { link: modes.includes('link'), code: modes.includes('code') };
  });

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** An issuer: https, or http on this machine only (a provider run for development or tests). */
export const issuerUrl = z.string().transform((value, ctx) => {
  try {
    const url = new URL(value);
    const secure = url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname));
    if (!secure || url.search || url.hash || url.username || url.password) throw new Error('issuer');
    // Issuers are compared as strings (Auth0's ends with a slash): kept as given.
    return value;
  } catch {
    ctx.addIssue({
      code: 'custom',
      message: 'must be an https URL (http only on localhost) without query or fragment',
    });
    return z.NEVER;
  }
});
