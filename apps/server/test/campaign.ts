import type { Db } from '../src/db/client.ts';
import { projects, scenarios, sipLines, subtasks, taskSipLines, tasks, voices } from '../src/db/schema.ts';

export interface CampaignLine {
  alias?: string;
  concurrency?: number;
  cps?: number;
  sipUsername?: string;
  /** Stored sealed with `seal` (the dialer opens it for the digest). */
  password?: string;
  domain?: string;
  port?: number;
  trunk?: 'sip' | 'simulated';
}

export interface CampaignOptions {
  companyId: string;
  /** The numbers to dial, one pending subtask each. */
  phones: readonly string[];
  /** Seals the lines' passwords (a SecretBox's `seal`). */
  seal(password: string): string;
  /** Task columns beyond the defaults: in progress, all day on every weekday, no prologue. */
  task?: Partial<typeof tasks.$inferInsert>;
  project?: Partial<typeof projects.$inferInsert>;
  /** A scenario of the test's own (with versions); else a bare one. */
  scenarioId?: string;
  /** The task's SIP lines; default one simulated line. */
  lines?: readonly CampaignLine[];
  /** Name of the project, scenario, voice and task (and prefix of the line aliases). */
  name?: string;
}

/**
 * A dialling campaign as the dialer finds it in the database: a project, a scenario and voice, a task in
 * progress on its SIP lines, and one pending subtask per number. The dialer tests and benchmarks differ only
 * in the options.
 */
export async function insertCampaign(db: Db, options: CampaignOptions) {
  const { companyId, phones, name = 'campaign' } = options;
  const [project] = await db
    .insert(projects)
    .values({ companyId, name, encryptionType: 'PLAIN_TEXT', ...options.project })
    .returning();
  const scenarioId = options.scenarioId ?? (await db.insert(scenarios).values({ name }).returning())[0]!.id;
  const [voice] = await db
    .insert(voices)
    .values({ nickname: name, vendor: 'volcano', originalVoiceId: `${name}01` })
    .returning();
  const [task] = await db
    .insert(tasks)
    .values({
      projectId: project!.id,
      companyId,
      name,
      status: 'in_progress',
      scenarioId,
      voiceId: voice!.id,
      callStart: '00:00',
      callEnd: '23:59',
      weekdays: [1, 2, 3, 4, 5, 6, 7],
      advanced: { prologues: [], pauseSeconds: 1 },
      pendingCount: phones.length,
      totalCount: phones.length,
      ...options.task,
    })
    .returning();
  const lineIds: string[] = [];
  for (const [i, line] of (options.lines ?? [{}]).entries()) {
    const [row] = await db
      .insert(sipLines)
      .values({
        companyId,
        alias: line.alias ?? `sim${i}`,
        concurrency: line.concurrency ?? 2,
        cps: line.cps ?? 1000,
        sipUsername: line.sipUsername ?? '1000',
        passwordSealed: options.seal(line.password ?? 'pw'),
        domain: line.domain ?? 'sim',
        port: line.port ?? 5060,
        trunk: line.trunk ?? 'simulated',
      })
      .returning();
    lineIds.push(row!.id);
    await db.insert(taskSipLines).values({ taskId: task!.id, sipLineId: row!.id });
  }
  // In slices: a benchmark's hundred thousand numbers would pass PostgreSQL's parameter limit in one insert.
  for (let at = 0; at < phones.length; at += 5000) {
    await db.insert(subtasks).values(phones.slice(at, at + 5000).map((phone) => ({ taskId: task!.id, companyId, phone })));
  }
  return { projectId: project!.id, scenarioId, taskId: task!.id, lineIds };
}
