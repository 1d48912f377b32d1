import { eq, isNull, or, type SQL } from 'drizzle-orm';
import type { ActionContext } from '../auth/actor.ts';
import { accessRequests } from '../db/schema.ts';

/**
 * Who handles which request: an ADMIN their own company's password resets; a DEV (provider staff) the provider
 * company's resets and every request for an account (a register has no company yet).
 */
export function visibleTo(ctx: ActionContext): SQL {
  return ctx.actor.role === 'DEV'
    ? or(isNull(accessRequests.companyId), eq(accessRequests.companyId, ctx.actor.companyId))!
    : eq(accessRequests.companyId, ctx.actor.companyId);
}
