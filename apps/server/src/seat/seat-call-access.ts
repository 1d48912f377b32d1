import { and, eq, sql } from 'drizzle-orm';
import type { ActionContext } from '../auth/actor.ts';
import { calls, seatOffers } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';

/**
 * The seat's call info serves only calls that concern this agent: calls of their own company that the
 * dispatcher offered them (`seat_offers`, whether they took it or not: a warm transfer is read before the
 * accept) or that they took (`calls.operator_id`). Anything else — another agent's call, another company's,
 * an unknown id — answers the same 404, so ids cannot be probed. (Filing is `mayFileCall`'s rule.)
 */
export async function assertSeatCall(ctx: ActionContext, callId: string): Promise<void> {
  const me = ctx.actor.userId;
  const [row] = await ctx.db
    .select({ id: calls.id })
    .from(calls)
    .where(
      and(
        eq(calls.id, callId),
        eq(calls.companyId, ctx.actor.companyId),
        sql`(${calls.operatorId} = ${me} or exists (select 1 from ${seatOffers} where ${seatOffers.callId} = ${calls.id} and ${seatOffers.operatorId} = ${me}))`,
      ),
    )
    .limit(1);
  if (!row) throw AppError.notFound();
}
