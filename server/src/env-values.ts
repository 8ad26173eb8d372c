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
