import type { BetterAuthPlugin } from 'better-auth';
import type { Redis } from 'ioredis';
import { APIError, isAPIError } from 'better-auth/api';
import { authHook, type HookContext } from '../auth-hook';
import { storedDigestOf } from './stored-digest';

/** How long a redemption attempt is remembered: longer than any code lives (ten minutes). */
const ATTEMPT_SECONDS = 15 * 60;
const attemptOf = (codeId: string) => `gatehouse:oauth-code-attempt:${codeId}`;

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

const refused = () => new APIError('BAD_REQUEST', { error: 'invalid_grant', error_description: 'invalid grant' });

/**
 * Closes the provider's replay races (decision 0081; upstream better-auth#11317). A code or refresh
 * token presented twice ends everything it gave — but the provider ends it when the second request
 * arrives, and the first may not have written its tokens yet: they would outlive the replay. So a
 * successful grant looks again once its tokens are written. A code: did another redemption of it
 * start meanwhile (each attempt is written down before the provider sees it)? A refresh token: is
 * its row gone (its family was ended meanwhile)? If so, what it just issued is deleted and the grant
 * refused. In Redis or the database, so it holds across instances; only the winning request deletes, after
 * its own writes, so no write of it is cut in two.
 */
/** How the redemptions of one code are counted, where every instance reads them. */
interface Attempts {
  add(codeId: string): Promise<void>;
  count(codeId: string): Promise<number>;
  clear(codeId: string): Promise<void>;
}

/** In Redis when there is one (Better Auth keeps codes there then, and no verification table). */
const redisAttempts = (redis: Redis): Attempts => ({
  add: async (codeId) => {
    await redis.multi().incr(attemptOf(codeId)).expire(attemptOf(codeId), ATTEMPT_SECONDS).exec();
  },
  count: async (codeId) => Number((await redis.get(attemptOf(codeId))) ?? 0),
  clear: async (codeId) => {
    await redis.del(attemptOf(codeId));
  },
});

/** Else as rows of the verification table, beside the codes. */
const tableAttempts = (ctx: HookContext): Attempts => {
  const { adapter } = ctx.context;
  const where = (codeId: string) => [{ field: 'identifier', value: attemptOf(codeId) }];
  return {
    add: async (codeId) => {
      const now = new Date();
      await adapter.create({
        model: 'verification',
        data: {
          identifier: attemptOf(codeId),
          value: 'attempt',
          expiresAt: new Date(now.getTime() + ATTEMPT_SECONDS * 1000),
          createdAt: now,
          updatedAt: now,
        },
      });
    },
    count: (codeId) => adapter.count({ model: 'verification', where: where(codeId) }),
    clear: async (codeId) => {
      await adapter.deleteMany({ model: 'verification', where: where(codeId) });
    },
  };
};

export function grantReplayGuard(redis: Redis | undefined) {
  const db = (ctx: HookContext) => ctx.context.adapter;
  const attempts = (ctx: HookContext) => (redis ? redisAttempts(redis) : tableAttempts(ctx));

  const endCodeTokens = async (ctx: HookContext, codeId: string) => {
    for (const model of ['oauthAccessToken', 'oauthRefreshToken']) {
      await db(ctx).deleteMany({ model, where: [{ field: 'authorizationCodeId', value: codeId }] });
    }
  };

  /** Before the provider consumes the code: this attempt, where every instance reads it. */
  const beforeCodeGrant = (ctx: HookContext, code: string) => attempts(ctx).add(storedDigestOf(code));

  const afterCodeGrant = async (ctx: HookContext, code: string) => {
    if (isAPIError(ctx.context.returned)) return;
    const codeId = storedDigestOf(code);
    if ((await attempts(ctx).count(codeId)) > 1) {
      await endCodeTokens(ctx, codeId);
      throw refused();
    }
    // Any attempt from now on finds the code spent and the tokens written: the provider ends them.
    await attempts(ctx).clear(codeId);
  };

  const afterRefreshGrant = async (ctx: HookContext, presented: string) => {
    const returned = ctx.context.returned as { refresh_token?: unknown; access_token?: unknown } | undefined;
    if (!returned || isAPIError(returned)) return;
    const parent = await db(ctx).findOne({
      model: 'oauthRefreshToken',
      where: [{ field: 'token', value: storedDigestOf(presented) }],
    });
    if (parent) return;
    const successor = text(returned.refresh_token);
    const access = text(returned.access_token);
    if (successor) {
      await db(ctx).deleteMany({
        model: 'oauthRefreshToken',
        where: [{ field: 'token', value: storedDigestOf(successor) }],
      });
    }
    if (access) {
      await db(ctx).deleteMany({
        model: 'oauthAccessToken',
        where: [{ field: 'token', value: storedDigestOf(access) }],
      });
    }
    throw refused();
  };

  return {
    id: 'grant-replay-guard',
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === '/oauth2/token',
          handler: authHook(async (ctx) => {
            const body = (ctx.body ?? {}) as Record<string, unknown>;
            const code = text(body.code);
            if (body.grant_type === 'authorization_code' && code) await beforeCodeGrant(ctx, code);
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) => ctx.path === '/oauth2/token',
          handler: authHook(async (ctx) => {
            const body = (ctx.body ?? {}) as Record<string, unknown>;
            const code = text(body.code);
            const refreshToken = text(body.refresh_token);
            if (body.grant_type === 'authorization_code' && code) await afterCodeGrant(ctx, code);
            if (body.grant_type === 'refresh_token' && refreshToken) await afterRefreshGrant(ctx, refreshToken);
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
