import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { CallDisposition, callDispositionInputSchema } from '@dialwise/contracts';
import type { ActionContext } from '../auth/actor.ts';
import { auditWho, recordAudit } from '../audit/record-audit.ts';
import { calls, users } from '../db/schema.ts';
import { assertSeatCall } from './seat-call-access.ts';

type Input = z.output<typeof callDispositionInputSchema>;

/**
 * The agent files the call they took: issue type, resolution status and a note, stamped with who and
 * when, on the call record (the call-record drawer and the customer's history show them). Saving again
 * replaces the earlier filing (the agent may correct it); each save is audited.
 */
export async function saveCallDisposition(ctx: ActionContext, input: Input): Promise<CallDisposition> {
  await assertSeatCall(ctx, input.callId, 'taken');
  const at = new Date();
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(calls)
      .set({
        issueType: input.issueType,
        resolutionStatus: input.resolutionStatus,
        dispositionNote: input.note,
        dispositionBy: ctx.actor.userId,
        dispositionAt: at,
      })
      .where(and(eq(calls.id, input.callId), eq(calls.companyId, ctx.actor.companyId)));
    await recordAudit(tx, auditWho(ctx), {
      action: 'dispose',
      entity: 'call',
      entityId: input.callId,
      changes: { issueType: input.issueType, resolutionStatus: input.resolutionStatus, note: input.note },
    });
  });
  const [me] = await ctx.db.select({ alias: users.alias, username: users.username }).from(users).where(eq(users.id, ctx.actor.userId));
  return {
    issueType: input.issueType,
    resolutionStatus: input.resolutionStatus,
    note: input.note,
    by: me ? me.alias || me.username : null,
    at: at.toISOString(),
  };
}
