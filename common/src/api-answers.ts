import type {
  AdminOrganizationDetail,
  AdminOrganizationPage,
  AdminUserList,
  OutboxMail,
  TwoFactorResetAnswer,
} from './admin';
import type { AdminBulkAnswer } from './admin-bulk';
import type { AdminOrganizationMemberPage } from './admin-organization-members';
import type { AdminStats } from './admin-stats';
import type { AuditPage } from './audit';
import type { ApiData } from './error-codes';
import type { CreatedOrganization, MyInvitation, MyOrganization } from './organizations';
import type { SetupAnswer } from './setup';
import type { SignInAlertsSetting } from './sign-in-alerts';

/**
 * What each `/api/v1` route answers when it succeeds, by method and path as docs/api.md names them
 * (`:id` is a path parameter). A refusal is an `ApiErrorBody` instead. An answer that is not JSON (a
 * file's bytes, the CSV exports, the mailbox's 204) is `unknown`. Every route is here: `API_ROUTES`
 * below fails to compile otherwise, and the contract test compares it with docs/api.md and the server.
 */
export interface ApiAnswers {
  'GET /api/v1/health': { status: 'ok'; database: 'sqlite' | 'postgres' };
  /** 503 with `status: 'unavailable'` too: load balancers read this shape, not an error. */
  'GET /api/v1/health/ready': {
    status: 'ready' | 'unavailable';
    checks: { database: 'up' | 'down'; redis?: 'up' | 'down' };
  };
  'GET /api/v1/me': ApiData<
    { id: string; name: string; email: string; role: string; image: string | null },
    { via: 'session' | 'api-key' }
  >;
  'GET /api/v1/me/sign-in-alerts': ApiData<SignInAlertsSetting>;
  'PUT /api/v1/me/sign-in-alerts': ApiData<SignInAlertsSetting>;
  'GET /api/v1/me/audit': AuditPage;
  'GET /api/v1/organizations': ApiData<MyOrganization[]>;
  'POST /api/v1/organizations': ApiData<CreatedOrganization>;
  'GET /api/v1/invitations': ApiData<MyInvitation[]>;
  'GET /api/v1/setup': ApiData<{ open: true }>;
  'POST /api/v1/setup': ApiData<SetupAnswer>;
  /** `success` and `url` beside `data`: the specification fixes them for this answer. */
  'POST /api/v1/files/upload': ApiData<{ id: string; url: string }, { success: true; url: string }>;
  'GET /api/v1/files/:id': unknown;
  'GET /api/v1/admin/users': AdminUserList;
  /** Better Auth's user, whose shape we do not fix. */
  'POST /api/v1/admin/users': ApiData<unknown>;
  'POST /api/v1/admin/users/:id/two-factor/reset': ApiData<TwoFactorResetAnswer>;
  'POST /api/v1/admin/users/bulk': ApiData<AdminBulkAnswer>;
  'GET /api/v1/admin/users/export': unknown;
  'GET /api/v1/admin/audit': AuditPage;
  'GET /api/v1/admin/audit/export': unknown;
  'GET /api/v1/admin/stats': ApiData<AdminStats>;
  'GET /api/v1/admin/organizations': AdminOrganizationPage;
  'POST /api/v1/admin/organizations': ApiData<CreatedOrganization>;
  'GET /api/v1/admin/organizations/:id': ApiData<AdminOrganizationDetail>;
  'GET /api/v1/admin/organizations/:id/members': AdminOrganizationMemberPage;
  'PATCH /api/v1/admin/organizations/:id/members/:memberId': ApiData<{ id: string; userId: string; role: string }>;
  'DELETE /api/v1/admin/organizations/:id/members/:memberId': ApiData<{ id: string; userId: string }>;
  'DELETE /api/v1/admin/organizations/:id/invitations/:invitationId': ApiData<{ id: string; status: 'canceled' }>;
  'DELETE /api/v1/admin/organizations/:id': ApiData<{ id: string }>;
  'GET /api/v1/admin/outbox': ApiData<OutboxMail[]>;
  'GET /api/v1/dev/mailbox': ApiData<OutboxMail[]>;
  'DELETE /api/v1/dev/mailbox': unknown;
}

/** The routes of `ApiAnswers` at run time: the literal must name each of them, and nothing else. */
const ROUTES = {
  'GET /api/v1/health': true,
  'GET /api/v1/health/ready': true,
  'GET /api/v1/me': true,
  'GET /api/v1/me/sign-in-alerts': true,
  'PUT /api/v1/me/sign-in-alerts': true,
  'GET /api/v1/me/audit': true,
  'GET /api/v1/organizations': true,
  'POST /api/v1/organizations': true,
  'GET /api/v1/invitations': true,
  'GET /api/v1/setup': true,
  'POST /api/v1/setup': true,
  'POST /api/v1/files/upload': true,
  'GET /api/v1/files/:id': true,
  'GET /api/v1/admin/users': true,
  'POST /api/v1/admin/users': true,
  'POST /api/v1/admin/users/:id/two-factor/reset': true,
  'POST /api/v1/admin/users/bulk': true,
  'GET /api/v1/admin/users/export': true,
  'GET /api/v1/admin/audit': true,
  'GET /api/v1/admin/audit/export': true,
  'GET /api/v1/admin/stats': true,
  'GET /api/v1/admin/organizations': true,
  'POST /api/v1/admin/organizations': true,
  'GET /api/v1/admin/organizations/:id': true,
  'GET /api/v1/admin/organizations/:id/members': true,
  'PATCH /api/v1/admin/organizations/:id/members/:memberId': true,
  'DELETE /api/v1/admin/organizations/:id/members/:memberId': true,
  'DELETE /api/v1/admin/organizations/:id/invitations/:invitationId': true,
  'DELETE /api/v1/admin/organizations/:id': true,
  'GET /api/v1/admin/outbox': true,
  'GET /api/v1/dev/mailbox': true,
  'DELETE /api/v1/dev/mailbox': true,
} as const satisfies Record<keyof ApiAnswers, true>;
export const API_ROUTES = Object.keys(ROUTES) as (keyof ApiAnswers)[];

/** A route's path as a type that matches its requests: `/teams/:id` → `/teams/${string}`. */
type Pattern<Route extends string> = Route extends `${infer Head}:${string}/${infer Tail}`
  ? `${Head}${string}/${Pattern<Tail>}`
  : Route extends `${infer Head}:${string}`
    ? `${Head}${string}`
    : Route;

/** A request as the routes are keyed: its method, and its path without the query string. */
type RequestKey<
  Method extends string,
  Path extends string,
> = `${Uppercase<Method>} ${Path extends `${infer Bare}?${string}` ? Bare : Path}`;

/** The routes of `Answers` a request matches. */
type Matching<Answers, Key extends string> = {
  [Route in keyof Answers & string]: Key extends Pattern<Route> ? Route : never;
}[keyof Answers & string];

/** Of the routes matched, the narrowest: `…/:id/members/:memberId` rather than `…/:id`. */
type Narrowest<Routes extends string, Route extends string = Routes> = Route extends unknown
  ? [Extract<Pattern<Exclude<Routes, Route>>, Pattern<Route>>] extends [never]
    ? Route
    : never
  : never;

/** The answer of the route a request matches in `Answers`; unknown when it matches none. */
export type AnswerIn<Answers, Method extends string, Path extends string> = [
  Narrowest<Matching<Answers, RequestKey<Method, Path>>>,
] extends [infer Route extends keyof Answers]
  ? [Route] extends [never]
    ? unknown
    : Answers[Route]
  : unknown;

/** What `/api/v1` answers this method and path, e.g. `ApiAnswer<'GET', `/api/v1/admin/organizations/${id}`>`. */
export type ApiAnswer<Method extends string, Path extends string> = AnswerIn<ApiAnswers, Method, Path>;
