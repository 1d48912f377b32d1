/**
 * What both bench:heard runs share: the demo task's plan as `npm start` seeds it (into a scratch embedded
 * database), the demo model served by our own routes at its real pace on a port of its own, the counts read
 * off a call's transcript, and percentiles.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ConversationLine } from '@dialwise/contracts';
import { and, eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { demoModelRoutes } from '../../apps/server/src/demo/demo-model-routes.ts';
import { loadVersionPlan } from '../../apps/server/src/conversation/load-plan.ts';
import type { ConversationPlan } from '../../apps/server/src/conversation/plan.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { tasks } from '../../apps/server/src/db/schema.ts';
import { DEMO_MODEL_PATH, seedDemo } from '../../apps/server/src/demo/seed-demo.ts';
import { configureOutbound } from '../../apps/server/src/net/outbound-guard.ts';
import { SecretBox } from '../../apps/server/src/secrets/secret-box.ts';

export interface Demo {
  plan: ConversationPlan;
  taskId: string;
  /** Wake-up prompts: not answers. */
  prompts: Set<string>;
  /** Chat-completion requests the demo model has been sent so far (the calls' model cost, extra requests included). */
  readonly modelRequests: number;
  close(): Promise<void>;
}

/** The demo task's plan in `work` (a scratch folder), and the demo model serving it. */
export async function startDemo(work: string): Promise<Demo> {
  const modelApp = Fastify();
  let modelRequests = 0;
  modelApp.addHook('onRequest', async (request) => {
    if (request.url.endsWith('/chat/completions')) modelRequests++;
  });
  await modelApp.register(demoModelRoutes, { prefix: '/api/demo-llm' });
  await modelApp.listen({ port: 0, host: '127.0.0.1' });
  const port = (modelApp.server.address() as { port: number }).port;
  configureOutbound({ ownServer: { port, pathPrefix: DEMO_MODEL_PATH } });

  const database = await openDatabase({ dataDir: join(work, 'db') });
  const secrets = SecretBox.load({ dataDir: work });
  await seedDemo(database.db, 'Bench@2026x', secrets, port);
  const [task] = await database.db
    .select({ id: tasks.id, scenarioId: tasks.scenarioId, advanced: tasks.advanced })
    .from(tasks)
    .where(and(eq(tasks.name, 'Renewal calls')));
  // A task pins its scenario's version when it starts: the bench runs the version a start would pin.
  const plan = (await loadVersionPlan(database.db, secrets, {
    scenarioId: task!.scenarioId!,
    version: 1,
    advanced: task!.advanced,
    timeZone: 'Asia/Shanghai',
  }))!;
  await database.close();
  return {
    plan,
    taskId: task!.id,
    prompts: new Set([plan.advanced.silenceWords ?? '', ...plan.scenario.silence.prompts]),
    get modelRequests() {
      return modelRequests;
    },
    close: () => modelApp.close(),
  };
}

/** The AI's answers after the opening (fillers and wake-ups aside) said twice in a row, with the text of each. */
export function repeatedAnswers(lines: readonly ConversationLine[], prompts: Set<string>): string[] {
  const answers = lines.filter((line) => line.speaker === 'ai' && !line.filler && !prompts.has(line.text)).slice(1);
  return answers.filter((line, i) => i > 0 && line.text === answers[i - 1]!.text).map((line) => line.text);
}

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/**
 * `BENCH_TRANSCRIPTS=<file>`: the calls' conversations as the call records store them, written as JSON (the
 * demo analysis is tested on such recorded conversations: apps/server/test/recorded-conversations.json).
 */
export function saveTranscripts(conversations: ReadonlyArray<readonly ConversationLine[]>): void {
  const file = process.env.BENCH_TRANSCRIPTS;
  if (!file) return;
  writeFileSync(file, `${JSON.stringify(conversations, null, 1)}\n`);
  console.log(`${conversations.length} conversations written to ${file}`);
}
