import { getIP } from '@better-auth/core/utils/ip';
import type { HookContext } from '../auth-hook';

/** The address and browser of a request, as the audit trail records them. */
export const requestFacts = (ctx: HookContext) => ({
  ipAddress: ctx.request || ctx.headers ? getIP(ctx.request ?? ctx.headers!, ctx.context.options) : null,
  userAgent: ctx.headers?.get('user-agent') ?? null,
});
