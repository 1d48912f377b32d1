import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  CALL_OUTCOMES,
  ISSUE_TYPES,
  RESOLUTION_STATUSES,
  CALL_RECORD_STATUSES,
  type AmdResult,
  type CallRuntimeFailure,
  type CallTurn,
  type ConversationLine,
} from '@dialwise/contracts';
import { companies } from './companies.ts';
import { projects } from './projects.ts';
import { tasks } from './tasks.ts';
import { sipLines } from './sip-lines.ts';

/**
 * One dial attempt = one call record. The row is written when the dialer claims the subtask (before the
 * INVITE leaves), so a call is on record even if the process dies mid-call: a live row has `ended_at` null,
 * and the lease recovery closes it as interrupted. Two partial unique indexes make dispatch idempotent by
 * construction: one live call per subtask, and never the same number twice at once within a task.
 * `subtask_id` has no foreign key: records outlive the subtasks a task deletion removes.
 */
export const calls = pgTable(
  'calls',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id),
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id),
    /** Null on a test call whose prologue and business info were typed rather than taken from a subtask. */
    subtaskId: bigint('subtask_id', { mode: 'number' }),
    /** Null on a test call: its far end is a browser, not a carrier line. */
    sipLineId: uuid('sip_line_id').references(() => sipLines.id),
    /**
     * A test call from a task ("Call me in the browser", ADMIN): recorded like a real call, but not a dial
     * attempt, so the rollups and boards leave it out, the live-call indexes ignore it (it blocks no subtask,
     * number or line), and its callbacks say `test: true`.
     */
    test: boolean('test').notNull().default(false),
    /** As stored on the subtask (the project's encryption type); never the decrypted number; '' on a test call. */
    phone: text('phone').notNull(),
    /** The subtask's zone key when it was dialled (see `subtasks.time_zone`). */
    timeZone: text('time_zone').notNull().default(''),
    attempt: integer('attempt').notNull(),
    /** The scenario version the call ran (the task's pinned version). */
    scenarioVersion: integer('scenario_version'),
    prologueInfo: text('prologue_info').notNull().default(''),
    businessInfo: jsonb('business_info').$type<Record<string, string>>().notNull().default({}),
    /** The dialer process that placed it (its lease owner). */
    node: text('node').notNull(),
    placedAt: timestamp('placed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    ringingAt: timestamp('ringing_at', { withTimezone: true, mode: 'date' }),
    answeredAt: timestamp('answered_at', { withTimezone: true, mode: 'date' }),
    endedAt: timestamp('ended_at', { withTimezone: true, mode: 'date' }),
    durationMs: integer('duration_ms').notNull().default(0),
    /**
     * connected when a person answered, missed when nobody did; voicemail (a machine answered) and invalid
     * (a carrier announcement or special information tones) from answering-machine detection; null while live.
     */
    status: text('status', { enum: CALL_RECORD_STATUSES }),
    /** CALL_OUTCOMES, or `interrupted` when the process died mid-call, `blocked` by the do-not-call list. */
    outcome: text('outcome', { enum: [...CALL_OUTCOMES, 'interrupted', 'blocked', 'unresolved'] }),
    sipStatus: integer('sip_status'),
    sipReason: text('sip_reason'),
    hungUpBy: text('hung_up_by'),
    recordingPath: text('recording_path'),
    recordingMs: integer('recording_ms'),
    conversation: jsonb('conversation').$type<ConversationLine[]>().notNull().default([]),
    /** The operator whose seat took the call after a transfer. */
    operatorId: uuid('operator_id'),
    /** Why the seat's part ended badly, e.g. its media never connected (the call was hung up by the system). */
    seatFailure: text('seat_failure'),
    transferOutcome: text('transfer_outcome', { enum: ['none', 'success', 'failed', 'lost'] })
      .notNull()
      .default('none'),
    /** The conversation runtime's stage timings, one entry per turn (see conversation/reply.ts). */
    turns: jsonb('turns').$type<CallTurn[]>().notNull().default([]),
    /** What failed during the conversation (a model timing out, a malformed stream, no seat) and when. */
    runtimeFailures: jsonb('runtime_failures').$type<CallRuntimeFailure[]>().notNull().default([]),
    /** After a connected call: none (nothing to analyse), pending, done or failed (with why). */
    analysisState: text('analysis_state', { enum: ['none', 'pending', 'done', 'failed'] })
      .notNull()
      .default('none'),
    analysisDetail: text('analysis_detail'),
    /** The answering-machine detector's decision, its time and features (null: the task did not detect). */
    amd: jsonb('amd').$type<AmdResult>(),
    /** The analysis stream's summary of the call. */
    summary: text('summary'),
    /**
     * Why the customer asked for a person, written when the transfer tool fired (the scenario's analysis model,
     * else the conversation's own summary): what the seat read before answering. Not `summary`: the analysis
     * writes that after the call, about the whole call.
     */
    transferSummary: text('transfer_summary'),
    /** Aliases of the catalogue's tags the conversation's analysis gave the call (call records filter on them). */
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    /** What the agent who took the call filed from the seat (null until they save), who and when. */
    issueType: text('issue_type', { enum: ISSUE_TYPES }),
    resolutionStatus: text('resolution_status', { enum: RESOLUTION_STATUSES }),
    dispositionNote: text('disposition_note'),
    dispositionBy: uuid('disposition_by'),
    dispositionAt: timestamp('disposition_at', { withTimezone: true, mode: 'date' }),
    /**
     * Kept by a trigger on every insert and update (migration 00xx_api_keys): when the row last changed, and
     * the id of the transaction that changed it. The API's sync pages by `sync_xid`, not by time: a change
     * whose transaction commits late has an earlier `updated_at` than changes already read, but its
     * transaction id stays above the oldest transaction still running, which the sync never passes.
     */
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    syncXid: bigint('sync_xid', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    uniqueIndex('calls_live_subtask_key').on(t.subtaskId).where(sql`${t.endedAt} is null and not ${t.test}`),
    uniqueIndex('calls_live_phone_key').on(t.taskId, t.phone).where(sql`${t.endedAt} is null and not ${t.test}`),
    index('calls_live_line_idx').on(t.sipLineId).where(sql`${t.endedAt} is null and not ${t.test}`),
    index('calls_live_company_idx').on(t.companyId).where(sql`${t.endedAt} is null`),
    index('calls_task_placed_idx').on(t.taskId, t.placedAt),
    index('calls_company_placed_idx').on(t.companyId, t.placedAt),
    // The few calls whose analysis is still to do (read at start, so a restart loses none).
    index('calls_analysis_pending_idx').on(t.id).where(sql`${t.analysisState} = 'pending'`),
    // Call records: a project's list (the OPR's lists are always per project), and one number's calls (the
    // phone filter, the customer's history).
    index('calls_project_placed_idx').on(t.projectId, t.placedAt),
    index('calls_company_phone_idx').on(t.companyId, t.phone, t.placedAt),
    // An agent's calls still to file (the seat lists them): few per agent, found without reading the rest.
    index('calls_company_sync_idx').on(t.companyId, t.syncXid, t.id),
    index('calls_unfiled_operator_idx').on(t.operatorId, t.placedAt).where(sql`${t.operatorId} is not null and ${t.issueType} is null`),
  ],
);
