import { and, eq } from 'drizzle-orm';
import type { SeatCallInfo, SeatTask } from '@dialwise/contracts';
import type { ActionContext } from '../auth/actor.ts';
import { getCallCustomer } from '../call-records/get-call-customer.ts';
import { getCallRecord } from '../call-records/get-call-record.ts';
import { tasks } from '../db/schema.ts';
import { loadTaskItems } from '../tasks/task-row.ts';
import { assertSeatCall } from './seat-call-access.ts';

/**
 * What the seat shows about a call it was offered or took: the call (masked number, conversation,
 * summary, what the agent filed), the customer's info and earlier calls in the project (the call-record
 * drawer's own code), and the call's task.
 */
export async function getSeatCallInfo(ctx: ActionContext, callId: string): Promise<SeatCallInfo> {
  await assertSeatCall(ctx, callId);
  const [call, customer] = await Promise.all([getCallRecord(ctx, callId), getCallCustomer(ctx, callId)]);
  // The call's task even if it was deleted since (the call record keeps it, so the seat does too).
  const [item] = await loadTaskItems(ctx.db, and(eq(tasks.id, call.taskId), eq(tasks.companyId, ctx.actor.companyId))!);
  const task: SeatTask = {
    id: call.taskId,
    name: item?.name ?? call.taskName,
    status: item?.status ?? 'completed',
    projectName: call.projectName,
    scenarioName: item?.scenarioName ?? '',
    callStart: item?.callStart ?? '',
    callEnd: item?.callEnd ?? '',
    weekdays: item?.weekdays ?? [],
    pendingCount: item?.pendingCount ?? 0,
    totalCount: item?.totalCount ?? 0,
    creator: item?.creator ?? '',
    createTime: item?.createTime ?? call.placedAt,
  };
  return { call, customer, task };
}
