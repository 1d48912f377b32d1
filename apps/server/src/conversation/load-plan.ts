import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { companies, llms, processors, scenarioVersions, tasks, voices } from '../db/schema.ts';
import type { SecretBox } from '../secrets/secret-box.ts';
import { type ConversationPlan, languageOf, type ProcessorPlan } from './plan.ts';

/**
 * Reads a task's conversation plan: the scenario version it pinned, every processor that version names,
 * and their models with the keys unsealed. Null when the task has no pinned scenario (it never started).
 * Processors that are invalid or whose model is gone come back with `endpoint: null`: the runtime then
 * takes its fallback instead of calling nothing.
 */
export async function loadConversationPlan(db: Db, secrets: SecretBox, taskId: string): Promise<ConversationPlan | null> {
  const [task] = await db
    .select({
      scenarioId: tasks.scenarioId,
      scenarioVersion: tasks.scenarioVersion,
      advanced: tasks.advanced,
      timeZone: companies.timezone,
      voice: { vendor: voices.vendor, originalVoiceId: voices.originalVoiceId, clusterKey: voices.clusterKey },
    })
    .from(tasks)
    .innerJoin(companies, eq(companies.id, tasks.companyId))
    .leftJoin(voices, eq(voices.id, tasks.voiceId))
    .where(eq(tasks.id, taskId));
  if (!task?.scenarioId || task.scenarioVersion === null) return null;
  const [version] = await db
    .select({ document: scenarioVersions.document, processorIds: scenarioVersions.processorIds })
    .from(scenarioVersions)
    .where(and(eq(scenarioVersions.scenarioId, task.scenarioId), eq(scenarioVersions.version, task.scenarioVersion)));
  if (!version) return null;
  const rows =
    version.processorIds.length === 0
      ? []
      : await db
          .select({ processor: processors, llm: llms })
          .from(processors)
          .leftJoin(llms, eq(llms.id, processors.llmId))
          .where(inArray(processors.id, version.processorIds));
  const plans = new Map<string, ProcessorPlan>();
  for (const { processor, llm } of rows) {
    plans.set(processor.id, {
      id: processor.id,
      alias: processor.alias,
      type: processor.type,
      systemPrompt: processor.systemPrompt,
      temperature: processor.temperature,
      topP: processor.topP,
      extra: processor.extraOptions,
      endpoint:
        llm && processor.state === 'valid'
          ? {
              url: llm.url,
              calledName: llm.calledName,
              keyName: llm.keyName,
              apiKey: llm.apiKeySealed ? secrets.open(llm.apiKeySealed) : null,
            }
          : null,
    });
  }
  return {
    scenario: version.document,
    processors: plans,
    timeZone: task.timeZone,
    language: languageOf(version.document, task.advanced),
    advanced: task.advanced,
    voice: task.voice?.originalVoiceId ? task.voice : null,
  };
}
