import { getIP } from '@better-auth/core/utils/ip';
import type { Config } from '../env';
import type { Logger } from '../lib/logger';
import type { MailMessage, Mailer } from '../mail/mailer';
import { passwordChangedEmail, type PasswordChange } from '../mail/password-templates';

export interface PasswordMailDependencies {
  /** `publicUrl`: mailed links open the console's pages. `trustedProxies`: as Better Auth reads them. */
  config: Pick<Config, 'publicUrl' | 'trustedProxies'>;
  mailer: Mailer;
  logger: Logger;
}

/**
 * Sends a mail whose failure must not change the answer: the password has already changed (a
 * notice), or the answer must not tell whether an account exists (a reset link). Logged instead.
 */
export async function sendQuietly({ mailer, logger }: PasswordMailDependencies, message: MailMessage) {
  try {
    await mailer.send(message);
  } catch (error) {
    logger.error('mail not sent', { subject: message.subject, error: String(error) });
  }
}

/** Where a password change came from, as far as the request tells. */
export function changeFrom(
  how: PasswordChange['how'],
  request: Request | undefined,
  { trustedProxies }: Pick<Config, 'trustedProxies'>,
): PasswordChange {
  return {
    how,
    at: new Date(),
    ipAddress: request ? getIP(request, { advanced: { ipAddress: { trustedProxies } } }) : null,
    userAgent: request?.headers.get('user-agent') ?? null,
  };
}

/** Tells the owner their password changed; a reset is one link away if it was not them. */
export function sendPasswordChanged(
  dependencies: PasswordMailDependencies,
  user: { email: string; name: string },
  change: PasswordChange,
) {
  const resetUrl = new URL('/forgot-password', dependencies.config.publicUrl).href;
  return sendQuietly(dependencies, passwordChangedEmail({ to: user.email, name: user.name, change, resetUrl }));
}
