import { eq } from 'drizzle-orm';
import type { CallRecordDetail } from '@dialwise/contracts';
import type { ActionContext } from '../auth/actor.ts';
import { listCallDeliveries } from '../callbacks/list-call-deliveries.ts';
import { sipLines, users } from '../db/schema.ts';
import { toCallRecord, visibleCall } from './call-record-row.ts';
import { mayFileCall } from './may-file-call.ts';

/**
 * The drawer's call: the masked row, how it ended, the line it went out on, its conversation in order, the
 * handover note the seat read, what the agent who took it filed, and whether the caller may file it.
 */
export async function getCallRecord(ctx: ActionContext, id: string): Promise<CallRecordDetail> {
  const { call, projectName, encryptionType, taskName } = await visibleCall(ctx, id);
  // Models are the provider's (the operation area): why one failed — an address the outbound guard refused and
  // how to allow it, a provider's error — is for its staff (DEV). A customer sees that a stage failed, not why.
  const operator = ctx.actor.role === 'DEV';
  const [[line], [agent]] = await Promise.all([
    // A test call went out on no line (its far end was a browser).
    call.sipLineId === null
      ? Promise.resolve([])
      : ctx.db.select({ alias: sipLines.alias }).from(sipLines).where(eq(sipLines.id, call.sipLineId)).limit(1),
    call.dispositionBy
      ? ctx.db.select({ alias: users.alias, username: users.username }).from(users).where(eq(users.id, call.dispositionBy)).limit(1)
      : Promise.resolve([]),
  ]);
  return {
    ...toCallRecord({ ...call, projectName, taskName, encryptionType }),
    ringingAt: call.ringingAt?.toISOString() ?? null,
    sipReason: call.sipReason,
    hungUpBy: call.hungUpBy,
    recordingMs: call.recordingMs,
    lineAlias: line?.alias ?? null,
    conversation: [...call.conversation].sort((a, b) => a.atMs - b.atMs),
    turns: call.turns,
    runtimeFailures: operator ? call.runtimeFailures : call.runtimeFailures.map((failure) => ({ ...failure, detail: '' })),
    summary: call.summary,
    transferSummary: call.transferSummary,
    analysisState: call.analysisState,
    analysisDetail: operator ? call.analysisDetail : null,
    callbacks: await listCallDeliveries(ctx.db, id),
    disposition: {
      issueType: call.issueType,
      resolutionStatus: call.resolutionStatus,
      note: call.dispositionNote,
      by: agent ? agent.alias || agent.username : null,
      at: call.dispositionAt?.toISOString() ?? null,
    },
    canFile: mayFileCall(ctx.actor, call),
  };
}
