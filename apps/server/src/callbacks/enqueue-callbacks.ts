import { and, eq } from 'drizzle-orm';
import { CALLBACK_LIMITS, type CallbackEvent, type ScenarioDocument } from '@dialwise/contracts';
import type { Db } from '../db/client.ts';
import { callbackDeliveries, calls, projects, scenarioVersions, tasks } from '../db/schema.ts';
import type { SecretBox } from '../secrets/secret-box.ts';
import { callbackSecretOf } from './callback-secret.ts';
import { recordingLink } from './recording-link.ts';
import { switchOn } from '../entitlements/company-switches.ts';
import { joinProjectAndTask } from '../db/join-project-and-task.ts';

export interface CallbackContext {
  db: Db;
  secrets: SecretBox;
  /** The server's address as the receivers reach it (PUBLIC_URL): recording links point there. */
  publicUrl: string;
  now: () => Date;
}

/**
 * Writes one delivery per URL of the call's scenario (the version the call ran) that subscribes to
 * `event`, with the body frozen now: what the call was when the event happened. Nothing to do when the
 * scenario has no such callback, or when the company turned callbacks off. The delivery loop posts them.
 */
export async function enqueueCallbacks(
  ctx: CallbackContext,
  callId: string,
  event: CallbackEvent,
  /** What the event knows that the row does not hold yet (the answer time, the operator who took the call). */
  patch: Readonly<Record<string, unknown>> = {},
): Promise<number> {
  const [row] = await joinProjectAndTask(
    ctx.db
      .select({
        call: calls,
        document: scenarioVersions.document,
        taskName: tasks.name,
        encryptionType: projects.encryptionType,
        callbacksOn: switchOn(calls.companyId, { kind: 'service', key: 'callback' }),
      })
      .from(calls)
      .$dynamic(),
  )
    .innerJoin(
      scenarioVersions,
      and(eq(scenarioVersions.scenarioId, tasks.scenarioId), eq(scenarioVersions.version, calls.scenarioVersion)),
    )
    .where(eq(calls.id, callId));
  // No call, or the company turned its "result callbacks" service off (card list): nothing is owed.
  if (!row?.callbacksOn) return 0;
  const targets = subscribers(row.document, event);
  if (targets.length === 0) return 0;
  const now = ctx.now();
  const { call } = row;
  let recordingUrl: string | null = null;
  if (call.recordingPath && call.endedAt) {
    const secret = await callbackSecretOf(ctx.db, ctx.secrets, call.companyId, now);
    recordingUrl = recordingLink(ctx.publicUrl, secret, call.id, new Date(now.getTime() + CALLBACK_LIMITS.recordingLinkMs));
  }
  const payload = {
    event,
    occurredAt: now.toISOString(),
    call: {
      id: call.id,
      projectId: call.projectId,
      taskId: call.taskId,
      taskName: row.taskName,
      subtaskId: call.subtaskId,
      // The number as the customer uploaded it: clear for PLAIN_TEXT, the HEX/MD5 form or the CUSTOM token
      // otherwise — never a number we decoded or resolved.
      phone: call.phone,
      phoneEncoding: row.encryptionType,
      attempt: call.attempt,
      placedAt: call.placedAt.toISOString(),
      answeredAt: call.answeredAt?.toISOString() ?? null,
      endedAt: call.endedAt?.toISOString() ?? null,
      status: call.status,
      outcome: call.outcome,
      durationMs: call.durationMs,
      transferOutcome: call.transferOutcome,
      conversation: call.conversation,
      tags: call.tags,
      summary: call.summary,
      // The handover note the seat read on a transfer (null when the call was not transferred, or the model
      // wrote none); `summary` is the analysis of the whole call.
      transferSummary: call.transferSummary,
      analysisState: call.analysisState,
      recordingUrl,
      businessInfo: call.businessInfo,
      // A test call from the browser ("Call me in the browser" on a task): the receiver's to tell apart.
      test: call.test,
      ...patch,
    },
  };
  await ctx.db
    .insert(callbackDeliveries)
    .values(targets.map((url) => ({ companyId: call.companyId, callId, event, url, payload, nextAttemptAt: now })));
  return targets.length;
}

function subscribers(document: ScenarioDocument, event: CallbackEvent): string[] {
  return [...new Set(document.callbacks.filter((cb) => cb.events.includes(event)).map((cb) => cb.url))];
}
