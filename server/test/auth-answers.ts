import type { AnswerIn } from './route-answers';
import type { Auth, AUTH_BASE_PATH } from '../src/auth/auth';

type Endpoints = Auth['api'];
type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The methods an endpoint answers: one, a list, or every one (`*`). */
type MethodsOf<Endpoint> = Endpoint extends { options: { method: infer Method } }
  ? Method extends readonly (infer One)[]
    ? One
    : Method extends '*'
      ? HttpMethod
      : Method
  : never;

/** A value as it arrives over HTTP: dates become ISO strings (Better Auth's types keep `Date`). */
export type Json<T> = T extends Date
  ? string
  : T extends readonly (infer Item)[]
    ? Json<Item>[]
    : T extends object
      ? { [Key in keyof T]: Json<T[Key]> }
      : T;

/**
 * What Better Auth's endpoints answer when they succeed, keyed as `ApiAnswers`
 * (`POST /api/auth/sign-in/email`), read from the instance's own types: its plugins included.
 * Endpoints without a path of their own are server-only and left out.
 */
type Inferred = {
  [
    Name in keyof Endpoints as Endpoints[Name] extends { path: infer Path extends string }
      ? string extends Path
        ? never
        : `${MethodsOf<Endpoints[Name]> & string} ${typeof AUTH_BASE_PATH}${Path}`
      : never
  ]: Json<Awaited<ReturnType<Endpoints[Name]>>>;
};

type SignIn = 'POST /api/auth/sign-in/email';
type EnableTwoFactor = 'POST /api/auth/two-factor/enable';
type ListPasskeys = 'GET /api/auth/passkey/list-user-passkeys';

/**
 * The inferred answers, with what our set-up changes and their types cannot show: a password
 * sign-in may ask for the second factor instead (from the two-factor plugin's hook); two-factor is
 * enabled by app (TOTP) only, no OTP sender being configured; listed passkeys name their provider
 * (the passkey guard's hook).
 */
export type AuthAnswers = Omit<Inferred, SignIn | EnableTwoFactor | ListPasskeys> & {
  'POST /api/auth/sign-in/email': Inferred[SignIn] & { twoFactorRedirect?: true; twoFactorMethods?: string[] };
  'POST /api/auth/two-factor/enable': Extract<Inferred[EnableTwoFactor], { method: 'totp' }>;
  'GET /api/auth/passkey/list-user-passkeys': (Inferred[ListPasskeys][number] & { provider: string | null })[];
};

/** What `/api/auth` answers this method and path; unknown for a path it has no endpoint at. */
export type AuthAnswer<Method extends string, Path extends string> = AnswerIn<AuthAnswers, Method, Path>;
