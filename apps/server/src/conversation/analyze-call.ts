/**
 * After a connected call: the scenario's analysis stream reads the conversation and gives the call a
 * summary and tags — only tags the scenario allows. The call record holds the state of this work
 * (`analysis_state`: pending → done or failed), so it is durable: a call whose analysis was pending when
 * the process stopped is analysed when the dialer starts again (`analyzePendingCalls`).
 *
 * The model is asked for strict JSON `{"tags": [...], "summary": "..."}`, checked with zod. An answer that
 * is not that JSON marks the analysis failed with the reason (the call keeps no tags); tags outside the
 * scenario's list are dropped.
 */
import type { ConversationLine } from '@dialwise/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { calls } from '../db/schema.ts';
import type { SecretBox } from '../secrets/secret-box.ts';
import { chatCompletion } from './llm-client.ts';
import { loadConversationPlan } from './load-plan.ts';
import { promptTranscript } from './prompt-transcript.ts';

const answerSchema = z.object({ tags: z.array(z.string()).max(20), summary: z.string().max(2000) });

const TIMEOUT_MS = 20_000;

/**
 * Analyses one pending call; answers whether it finished that work (done or failed) — false when there was
 * none, or when the model could not be asked while the process is stopping (`stopping()`): a shutdown takes
 * down the server's own demo model and the network with it, so the call stays pending and is analysed at the
 * next start (its analysisDone callback then goes out) instead of failing for good.
 */
export async function analyzeCall(
  db: Db,
  secrets: SecretBox,
  callId: string,
  options: { stopping?: () => boolean } = {},
): Promise<boolean> {
  const [call] = await db
    .select({ id: calls.id, taskId: calls.taskId, conversation: calls.conversation, state: calls.analysisState })
    .from(calls)
    .where(eq(calls.id, callId));
  if (!call || call.state !== 'pending') return false;
  const finish = (set: Partial<typeof calls.$inferInsert>) =>
    db
      .update(calls)
      .set(set)
      .where(and(eq(calls.id, callId), eq(calls.analysisState, 'pending')));
  const plan = await loadConversationPlan(db, secrets, call.taskId);
  const processor = plan?.scenario.analysis ? plan.processors.get(plan.scenario.analysis.processorId) : undefined;
  if (!plan || !processor?.endpoint) {
    await finish({ analysisState: 'failed', analysisDetail: 'the scenario has no usable analysis processor' });
    return true;
  }
  const allowed = plan.scenario.tags;
  const answer = await chatCompletion(
    processor.endpoint,
    {
      messages: [
        { role: 'system', content: processor.systemPrompt },
        { role: 'user', content: analysisQuestion(call.conversation, allowed) },
      ],
      temperature: processor.temperature,
      topP: processor.topP,
      extra: processor.extra,
    },
    { timeoutMs: TIMEOUT_MS },
  );
  if (!answer.ok) {
    if (options.stopping?.() && (answer.failure === 'network' || answer.failure === 'timeout' || (answer.status ?? 0) >= 500)) return false;
    await finish({ analysisState: 'failed', analysisDetail: `${answer.failure}: ${answer.detail}`.slice(0, 500) });
    return true;
  }
  const parsed = answerSchema.safeParse(parseJson(answer.reply));
  if (!parsed.success) {
    await finish({ analysisState: 'failed', analysisDetail: `not the JSON asked for: ${answer.reply.slice(0, 300)}` });
    return true;
  }
  const allowedSet = new Set(allowed);
  await finish({
    analysisState: 'done',
    analysisDetail: null,
    summary: parsed.data.summary.trim(),
    tags: [...new Set(parsed.data.tags.filter((tag) => allowedSet.has(tag)))],
  });
  return true;
}

/** What the analysis model is asked: the call as a transcript (a line cut short ends in " …") and the allowed tags. */
export function analysisQuestion(conversation: readonly ConversationLine[], allowed: readonly string[]): string {
  const transcript = promptTranscript(conversation);
  return `The finished call:\n${transcript}\n\nAllowed tags: ${allowed.join(', ') || '(none)'}\nAnswer with JSON only: {"tags": [tags from the allowed list that apply], "summary": "two sentences"}`;
}

/** The calls left pending (the process stopped before analysing them), analysed one after the other. */
export async function analyzePendingCalls(
  db: Db,
  secrets: SecretBox,
  onAnalyzed: (callId: string) => Promise<unknown> = async () => undefined,
  limit = 500,
): Promise<number> {
  const pending = await db
    .select({ id: calls.id })
    .from(calls)
    .where(inArray(calls.analysisState, ['pending']))
    .limit(limit);
  for (const { id } of pending) if (await analyzeCall(db, secrets, id)) await onAnalyzed(id);
  return pending.length;
}

/** JSON, also when the model wrapped it in a code fence or a sentence. */
function parseJson(text: string): unknown {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end < start) return null;
  try {
    return JSON.parse(text.slice(start, end + 1));
  } catch {
    return null;
  }
}
