import type { ExtractSchema } from 'hono/types';
import type { ApiRoutes } from '../src/routes/api';
import type { devMailboxApi } from '../src/routes/dev-mailbox';

/** A refusal, as every route answers one (`ApiErrorBody`): left out of the answers below. */
type Refusal = { code: string; message: string };

/** Of a route's possible answers, those that are not refusals; unknown for one that is not JSON. */
type Success<Endpoint> = Endpoint extends { output: infer Output; outputFormat: infer Format }
  ? Format extends 'json'
    ? Output extends Refusal
      ? never
      : Output
    : unknown
  : never;

/** `{ '/users': { $get: … } }` as `{ 'GET /api/v1/admin/users': answer }`, under the mount path `Base`. */
type AnswersOf<Routes, Base extends string> = {
  [Entry in RouteEntry<ExtractSchema<Routes>, Base> as Entry['key']]: Entry['answer'];
};

type RouteEntry<Schema, Base extends string> = {
  [Path in keyof Schema & string]: {
    [Method in keyof Schema[Path] & `$${string}`]: {
      key: `${Uppercase<Method extends `$${infer Name}` ? Name : never>} ${Base}${Path extends '/' ? '' : Path}`;
      answer: Success<Schema[Path][Method]>;
    };
  }[keyof Schema[Path] & `$${string}`];
}[keyof Schema & string];

/**
 * What each `/api/v1` route answers when it succeeds, by method and path (`:id` a path parameter),
 * read from the routes' own types: nothing here is written by hand. A refusal is an `ApiErrorBody`.
 */
export type ApiAnswers = AnswersOf<ApiRoutes, '/api/v1'> &
  AnswersOf<ReturnType<typeof devMailboxApi>, '/api/v1/dev/mailbox'>;

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
