import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { CallDisposition, callDispositionInputSchema } from '@dialwise/contracts';
import type { ActionContext } from '../auth/actor.ts';
import { auditWho, recordAudit } from '../db/record-audit.ts';
import { calls, users } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { mayFileCall } from './may-file-call.ts';

type Input = z.output<typeof callDispositionInputSchema>;

/**
 * Files a call a seat took: issue type, resolution status and a note, stamped with who and when, on the call
 * record (the call-record drawer and the customer's history show them). The agent who took it files it from
 * the seat, or later from the call-record drawer (a filing skipped at the seat is never lost); an ADMIN of the
 * company may too (`mayFileCall`). Saving again replaces the earlier filing; each save is audited. Any other
 * call — another agent's, another company's, one no seat took, an unknown id — answers 404.
 */
export async function saveCallDisposition(ctx: ActionContext, input: Input): Promise<CallDisposition> {
  const [call] = await ctx.db
    .select({ operatorId: calls.operatorId })
    .from(calls)
    .where(and(eq(calls.id, input.callId), eq(calls.companyId, ctx.actor.companyId)))
    .limit(1);
  if (!call || !mayFileCall(ctx.actor, call)) throw AppError.notFound();
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
