import { emailOTP, magicLink } from 'better-auth/plugins';
import {
  MAIL_SIGN_IN_LIMITS,
  SIGN_IN_CODE_ATTEMPTS,
  SIGN_IN_CODE_DIGITS,
  SIGN_IN_CODE_MINUTES,
  SIGN_IN_LINK_MINUTES,
} from '#common/mail-sign-in';
import { signInCodeEmail, signInLinkEmail } from '../../mail/mail-sign-in-templates';
import type { HookContext } from '../auth-hook';
import { MAIL_SIGN_IN_PATHS } from '../auth-paths';
import { SECOND_FACTOR_PAGE, type HoldAnswer } from '../two-factor/hold-for-second-factor';
import { sendQuietly, type PasswordMailDependencies } from '../password-mail';
import { rememberGuestOfLink } from '../guest-upgrade/mailed-links';
import { mailProofClaims, type ClaimAfterMailSignIn } from './claim';
import { mailLinkLanding, mailSignInGuard, type MailSignInGuardDependencies } from './guard';

export interface MailSignInDependencies extends PasswordMailDependencies {
  config: PasswordMailDependencies['config'] &
    MailSignInGuardDependencies['config'] & { emailSignIn: { link: boolean; code: boolean } };
  redis?: MailSignInGuardDependencies['redis'];
  claimAfterMailSignIn: ClaimAfterMailSignIn;
}

/**
 * The email-code plugin's endpoints other than its sign-in: they verify addresses, reset passwords
 * and change addresses by code, ways in we do not open (the sends are refused by type in the guard).
 */
export const UNUSED_EMAIL_CODE_PATHS = [
  '/email-otp/check-verification-otp',
  '/email-otp/verify-email',
  '/email-otp/request-password-reset',
  '/email-otp/reset-password',
  '/forget-password/email-otp',
  '/email-otp/request-email-change',
  '/email-otp/change-email',
] as const;

const perClient = { window: 60, max: MAIL_SIGN_IN_LIMITS.perClientPerMinute };

/**
 * Sign-in by mail (`EMAIL_SIGN_IN`, decision 0087): Better Auth's `magicLink` and `emailOTP`, each
 * only when turned on, with the guard and the claim they share. No account is made by mail
 * (`disableSignUp`): an address without an account gets no mail, and the same answer as any other,
 * sent before any mail is (a mail's delay or failure would tell). Links and codes are kept hashed,
 * work once, and end early; a code allows a few wrong tries. Place `holdForSecondFactor` for the
 * returned `heldPaths` after the two-factor plugins.
 */
export function mailSignIn(dependencies: MailSignInDependencies) {
  const { config } = dependencies;
  const { link, code } = config.emailSignIn;

  /** The account an address names, if it may sign in by mail (a guest's made-up address may not). */
  const recipient = async (ctx: HookContext | undefined, email: string) => {
    const found = ctx ? await ctx.context.internalAdapter.findUserByEmail(email) : null;
    const user = found?.user as { email: string; name: string; isAnonymous?: boolean | null } | undefined;
    return user && !user.isAnonymous ? user : undefined;
  };

  const linkPlugins = link
    ? [
        magicLink({
          expiresIn: SIGN_IN_LINK_MINUTES * 60,
          disableSignUp: true,
          storeToken: 'hashed',
          rateLimit: perClient,
          sendMagicLink: async ({ email, url, token }, ctx) => {
            const user = await recipient(ctx as HookContext | undefined, email);
            if (!user) return;
            // A guest's work follows a link only into the browser of the guest who asked for it.
            if (ctx) await rememberGuestOfLink(ctx, token, SIGN_IN_LINK_MINUTES * 60);
            void sendQuietly(
              dependencies,
              signInLinkEmail({ to: user.email, name: user.name, url, expiresInMinutes: SIGN_IN_LINK_MINUTES }),
            );
          },
        }),
      ]
    : [];
  const codePlugins = code
    ? [
        emailOTP({
          otpLength: SIGN_IN_CODE_DIGITS,
          expiresIn: SIGN_IN_CODE_MINUTES * 60,
          allowedAttempts: SIGN_IN_CODE_ATTEMPTS,
          storeOTP: 'hashed',
          disableSignUp: true,
          rateLimit: perClient,
          sendVerificationOTP: async ({ email, otp, type }, ctx) => {
            if (type !== 'sign-in') return;
            const user = await recipient(ctx as HookContext | undefined, email);
            if (!user) return;
            void sendQuietly(
              dependencies,
              signInCodeEmail({
                to: user.email,
                name: user.name,
                code: otp,
                expiresInMinutes: SIGN_IN_CODE_MINUTES,
                signInUrl: new URL('/auth', config.publicUrl).href,
              }),
            );
          },
        }),
      ]
    : [];
  const shared =
    link || code
      ? ([mailSignInGuard(dependencies), mailProofClaims(dependencies.claimAfterMailSignIn)] as const)
      : ([] as const);
  const heldPaths: Record<string, HoldAnswer> = {};
  if (link) heldPaths[MAIL_SIGN_IN_PATHS.followLink] = { kind: 'redirect', to: SECOND_FACTOR_PAGE };
  if (code) heldPaths[MAIL_SIGN_IN_PATHS.checkCode] = { kind: 'json' };
  return {
    plugins: [...linkPlugins, ...codePlugins, ...shared],
    disabledPaths: code ? [...UNUSED_EMAIL_CODE_PATHS] : [],
    /** The first steps to hold for a second factor, and how each answers when held. */
    heldPaths,
    /** After the audit trail's last plugin: a link refused after its check lands on /auth. */
    lastPlugins: link ? [mailLinkLanding(dependencies)] : [],
  };
}
