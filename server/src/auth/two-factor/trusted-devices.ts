import { TRUST_DEVICE_DAYS } from '#common/two-factor';
import type { HookContext } from '../auth-hook';

type InternalAdapter = HookContext['context']['internalAdapter'];

const TRUST_DEVICE_MS = TRUST_DEVICE_DAYS * 24 * 60 * 60 * 1000;
/** Better Auth's cookie of a trusted device (`__Secure-` prefixed over https, as it names it). */
const TRUST_DEVICE_COOKIE = 'trust_device';
/** How Better Auth names the verification value of each trusted device. */
const TRUSTED_DEVICE_PREFIX = 'trust-device-';
const cutoffIdentifier = (userId: string) => `trusted-devices-since-${userId}`;

/**
 * Ends every device the account trusts: those remembered until now skip the code no more. Better
 * Auth keeps each trusted device as a verification value of its own (in Redis when there is one, so
 * they cannot be listed by account); instead, the moment is kept beside them, as a verification value
 * that lasts as long as a trusted device does (decision 0059). For a new secret, an admin's reset,
 * and a new password.
 */
export async function endTrustedDevices(internalAdapter: InternalAdapter, userId: string) {
  const identifier = cutoffIdentifier(userId);
  await internalAdapter.deleteVerificationByIdentifier(identifier);
  await internalAdapter.createVerificationValue({
    identifier,
    value: String(Date.now()),
    expiresAt: new Date(Date.now() + TRUST_DEVICE_MS),
  });
}

/**
 * Before a sign-in: a trusted device remembered before its account last ended them is forgotten, so
 * Better Auth's two-factor plugin, which finds it no more, asks for the code (and drops the cookie).
 */
export async function forgetEndedTrustedDevice(ctx: HookContext) {
  const cookie = ctx.context.createAuthCookie(TRUST_DEVICE_COOKIE);
  const signed = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  const identifier = signed ? signed.split('!')[1] : undefined;
  if (!identifier?.startsWith(TRUSTED_DEVICE_PREFIX)) return;
  const { internalAdapter } = ctx.context;
  const device = await internalAdapter.findVerificationValue(identifier);
  if (!device) return;
  const cutoff = await internalAdapter.findVerificationValue(cutoffIdentifier(device.value));
  if (cutoff && new Date(device.createdAt).getTime() <= Number(cutoff.value)) {
    await internalAdapter.deleteVerificationByIdentifier(identifier);
  }
}
