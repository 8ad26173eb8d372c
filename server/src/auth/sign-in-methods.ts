/** How a sign-in step proves who signs in. */
export type SignInMethod = 'email' | 'anonymous' | 'passkey' | 'totp' | 'backup_code';

interface SignInStep {
  method: SignInMethod;
  /** The code step of a two-factor sign-in, after a right password. */
  secondFactor: boolean;
}

/** Better Auth's sign-in paths (under its base path), with how each proves who signs in. */
const SIGN_IN_STEPS: Readonly<Record<string, SignInStep>> = {
  '/sign-in/email': { method: 'email', secondFactor: false },
  '/sign-in/anonymous': { method: 'anonymous', secondFactor: false },
  '/passkey/verify-authentication': { method: 'passkey', secondFactor: false },
  '/two-factor/verify-totp': { method: 'totp', secondFactor: true },
  '/two-factor/verify-backup-code': { method: 'backup_code', secondFactor: true },
};

/** Every sign-in path, each with its method. */
export const SIGN_IN_METHODS: Readonly<Record<string, SignInMethod>> = Object.fromEntries(
  Object.entries(SIGN_IN_STEPS).map(([path, step]) => [path, step.method]),
);

/** Whether the path is the code step of a two-factor sign-in. */
export const isSecondFactor = (path: string) => Object.hasOwn(SIGN_IN_STEPS, path) && SIGN_IN_STEPS[path]!.secondFactor;

/**
 * Whether a request on a sign-in path signs someone in. A code step sent with a session is someone
 * signed in confirming an authenticator (turning two-factor on), whatever other cookie it carries:
 * Better Auth's two-factor plugin decides by the session, and so does everything that counts
 * sign-ins.
 */
export const signsIn = (path: string, signedIn: boolean) =>
  Object.hasOwn(SIGN_IN_STEPS, path) && !(isSecondFactor(path) && signedIn);
