import type { DismissAccessRequest } from '@dialwise/contracts';
import type { ActionContext } from '../auth/actor.ts';
import { claimOpenRequest } from './claim-open-request.ts';
import { closeRequest } from './close-request.ts';

/** Closes a request without acting on it (a request nobody recognises, a duplicate), with an optional reason. */
export async function dismissRequest(ctx: ActionContext, input: DismissAccessRequest, now: Date): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const request = await claimOpenRequest(tx, ctx, input.id);
    await closeRequest(tx, ctx, request, 'dismissed', input.reason ? { reason: input.reason } : {}, now);
  });
}
