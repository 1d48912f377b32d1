import { eq } from 'drizzle-orm';
import type { CallRecordDetail } from '@dialwise/contracts';
import type { ActionContext } from '../auth/actor.ts';
import { sipLines } from '../db/schema.ts';
import { listCallDeliveries } from '../callbacks/list-call-deliveries.ts';
import { toCallRecord, visibleCall } from './call-record-row.ts';

/** The drawer's call: the masked row, how it ended, the line it went out on, and its conversation in order. */
export async function getCallRecord(ctx: ActionContext, id: string): Promise<CallRecordDetail> {
  const { call, projectName, encryptionType, taskName } = await visibleCall(ctx, id);
  const [line] = await ctx.db.select({ alias: sipLines.alias }).from(sipLines).where(eq(sipLines.id, call.sipLineId)).limit(1);
  return {
    ...toCallRecord({ ...call, projectName, taskName, encryptionType }),
    ringingAt: call.ringingAt?.toISOString() ?? null,
    sipReason: call.sipReason,
    hungUpBy: call.hungUpBy,
    recordingMs: call.recordingMs,
    lineAlias: line?.alias ?? null,
    conversation: [...call.conversation].sort((a, b) => a.atMs - b.atMs),
    turns: call.turns,
    runtimeFailures: call.runtimeFailures,
    summary: call.summary,
    analysisState: call.analysisState,
    analysisDetail: call.analysisDetail,
    callbacks: await listCallDeliveries(ctx.db, id),
  };
}
