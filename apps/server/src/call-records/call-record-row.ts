import { and, eq } from 'drizzle-orm';
import {
  maskSubtaskPhone,
  zonesOfKey,
  type AmdResult,
  type CallRecord,
  type CallRecordState,
  type CallRecordStatus,
  type EncryptionType,
  type TransferOutcome,
} from '@dialwise/contracts';
import type { ActionContext } from '../auth/actor.ts';
import { calls, projects, tasks } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { visibleCalls } from './visible-calls.ts';
import { joinProjectAndTask } from '../db/join-project-and-task.ts';

/** What a call record takes from `calls` itself (the stored number, masked by `toCallRecord`). */
export const callRecordCallColumns = {
  id: calls.id,
  projectId: calls.projectId,
  taskId: calls.taskId,
  phone: calls.phone,
  timeZone: calls.timeZone,
  attempt: calls.attempt,
  placedAt: calls.placedAt,
  answeredAt: calls.answeredAt,
  endedAt: calls.endedAt,
  durationMs: calls.durationMs,
  status: calls.status,
  outcome: calls.outcome,
  sipStatus: calls.sipStatus,
  transferOutcome: calls.transferOutcome,
  tags: calls.tags,
  recordingPath: calls.recordingPath,
  amd: calls.amd,
  test: calls.test,
};

/** The columns of a call as lists show it: its own, and its project's and task's (`joinProjectAndTask`). */
export const callRecordColumns = {
  ...callRecordCallColumns,
  projectName: projects.name,
  taskName: tasks.name,
  encryptionType: projects.encryptionType,
};

export interface CallRecordRow {
  id: string;
  projectId: string;
  projectName: string;
  taskId: string;
  taskName: string;
  phone: string;
  encryptionType: EncryptionType;
  timeZone: string;
  attempt: number;
  placedAt: Date;
  answeredAt: Date | null;
  endedAt: Date | null;
  durationMs: number;
  status: CallRecordStatus | null;
  outcome: string | null;
  sipStatus: number | null;
  transferOutcome: TransferOutcome;
  tags: string[];
  recordingPath: string | null;
  amd: AmdResult | null;
  test: boolean;
}

export function stateOf(row: { endedAt: Date | null; status: CallRecordStatus | null }): CallRecordState {
  return row.endedAt === null ? 'live' : (row.status ?? 'missed');
}

export function toCallRecord(row: CallRecordRow): CallRecord {
  return {
    id: row.id,
    projectId: row.projectId,
    projectName: row.projectName,
    taskId: row.taskId,
    taskName: row.taskName,
    phone: maskSubtaskPhone(row.encryptionType, row.phone),
    encryptionType: row.encryptionType,
    timeZones: zonesOfKey(row.timeZone),
    attempt: row.attempt,
    placedAt: row.placedAt.toISOString(),
    answeredAt: row.answeredAt?.toISOString() ?? null,
    endedAt: row.endedAt?.toISOString() ?? null,
    durationMs: row.durationMs,
    state: stateOf(row),
    outcome: row.outcome,
    sipStatus: row.sipStatus,
    transferOutcome: row.transferOutcome,
    tags: row.tags ?? [],
    hasRecording: row.recordingPath !== null && row.endedAt !== null,
    amd: row.amd ?? null,
    test: row.test,
  };
}

/** One call the caller may see, with every column of `calls` plus the project's; 404 otherwise. */
export async function visibleCall(ctx: ActionContext, id: string) {
  const [row] = await joinProjectAndTask(
    ctx.db
      .select({
        call: calls,
        projectName: projects.name,
        encryptionType: projects.encryptionType,
        encryptionApiUrl: projects.encryptionApiUrl,
        taskName: tasks.name,
      })
      .from(calls)
      .$dynamic(),
  )
    .where(and(visibleCalls(ctx), eq(calls.id, id)))
    .limit(1);
  if (!row) throw AppError.notFound();
  return row;
}
