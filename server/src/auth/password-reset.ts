import type { BetterAuthOptions, User } from 'better-auth';
import { passwordResetEmail } from '../mail/password-templates';
import { changeFrom, sendPasswordChanged, sendQuietly, type PasswordMailDependencies } from './password-mail';

/** How long a mailed reset link works (it works once). */
export const RESET_TOKEN_SECONDS = 60 * 60;

type EmailAndPassword = NonNullable<BetterAuthOptions['emailAndPassword']>;

/**
 * Better Auth's password reset (`/request-password-reset`, `/reset-password`), mailed by us. Its
 * answer to a reset request is the same for every address; the mail is therefore sent without
 * being awaited, so that neither its delay nor its failure tells whether an account exists.
 */
export function passwordResetOptions(
  dependencies: PasswordMailDependencies,
  afterReset: (user: User, request: Request | undefined) => Promise<void> = async () => {},
): Pick<EmailAndPassword, 'resetPasswordTokenExpiresIn' | 'sendResetPassword' | 'onPasswordReset'> {
  return {
    resetPasswordTokenExpiresIn: RESET_TOKEN_SECONDS,
    sendResetPassword: async ({ user, url }) => {
      // A guest's made-up address has no inbox and the account no password to reset.
      if ((user as { isAnonymous?: boolean | null }).isAnonymous) return;
      const message = passwordResetEmail({
        to: user.email,
        name: user.name,
        url,
        expiresInMinutes: RESET_TOKEN_SECONDS / 60,
      });
      void sendQuietly(dependencies, message);
    },
    onPasswordReset: async ({ user }, request) => {
      // Earlier links end, and an unverified account is claimed (decision 0057), before the notice.
      await afterReset(user, request);
      await sendPasswordChanged(dependencies, user, changeFrom('reset', request, dependencies.config));
    },
  };
}
