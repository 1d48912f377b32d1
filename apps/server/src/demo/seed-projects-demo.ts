import { and, asc, eq } from 'drizzle-orm';
import { AMD_DEFAULTS, type TaskAdvanced } from '@dialwise/contracts';
import type { DbOrTx } from '../db/client.ts';
import { companies, companyGrants, projects, scenarios, sipLines, subtasks, taskSipLines, tasks, voices } from '../db/schema.ts';
import { NumberZonePlacer } from '../subtasks/number-time-zones.ts';

export interface ProjectsDemoIds {
  /** The customer company the demo project belongs to. */
  companyId: string;
  /** Its administrator, shown as the creator. */
  adminId: string;
}

const DEMO_SUBTASKS = 300;
const LAPSED_SUBTASKS = 80;
/** What the finished demo task leaves on an answering machine (spoken after the beep). */
export const DEMO_VOICEMAIL_MESSAGE = 'Hello, this is Acme about your lapsed membership. Please call us back on 400 800 1234. Thank you.';
/** What the demo task leaves on an answering machine. */
const DEMO_RENEWAL_MESSAGE =
  'Hello, this is Lin from AcmeOutreach about your membership renewal. Please call us back on 400 800 1234. Thank you.';
const SURNAMES = ['Li', 'Wang', 'Zhang', 'Liu', 'Chen', 'Yang', 'Zhao', 'Huang', 'Zhou', 'Wu'];
const PLANS = ['gold', 'silver', 'basic'];
/** Members abroad among the renewal numbers (one in 25): called in their own hours, the task calling in local time. */
const ABROAD = ['+1212555', '+4420794', '+6129374'];

function renewalPhone(i: number): string {
  if (i % 25 !== 24) return `1390000${String(i + 1).padStart(4, '0')}`;
  return `${ABROAD[Math.floor(i / 25) % ABROAD.length]}${String(i + 1).padStart(4, '0')}`;
}

/**
 * The demo's project: "Spring renewal" (PLAIN_TEXT) with one pending task holding a few hundred pending
 * numbers, for the dialer to start, and a completed task, "Lapsed members", that detected answering
 * machines (leaving a message after the beep) so the demo's history shows voicemail and dead numbers. The task uses every SIP line the company has when this runs (call it
 * after the SIP-line seed; with none, one line on the simulated trunk is added) and the first scenario and
 * voice granted to the company; when nothing is granted yet (the catalogue seed not merged or run later),
 * one demo scenario and voice are added and granted, since a task cannot exist without them.
 */
export async function seedProjectsDemo(tx: DbOrTx, ids: ProjectsDemoIds): Promise<{ projectId: string; taskId: string }> {
  const { scenarioId, voiceId } = await grantedCatalogue(tx, ids.companyId);
  let lines = await tx.select({ id: sipLines.id }).from(sipLines).where(eq(sipLines.companyId, ids.companyId)).orderBy(asc(sipLines.alias));
  if (lines.length === 0) {
    // No line seeded yet: one line on the built-in simulated trunk, which needs no carrier and no password.
    lines = await tx
      .insert(sipLines)
      .values({
        companyId: ids.companyId,
        alias: 'demo-simulated',
        concurrency: 10,
        trunk: 'simulated',
        sipUsername: 'demo',
        passwordSealed: '',
        domain: 'simulated.invalid',
        port: 5060,
        createdBy: ids.adminId,
      })
      .returning({ id: sipLines.id });
  }

  const [project] = await tx
    .insert(projects)
    .values({
      companyId: ids.companyId,
      name: 'Spring renewal',
      encryptionType: 'PLAIN_TEXT',
      createdBy: ids.adminId,
    })
    .returning({ id: projects.id });
  // Who is calling and why; each subtask's prologue info ("Hello Li A.") is said first, in the same line.
  const advanced: TaskAdvanced = {
    prologues: ['This is Lin from AcmeOutreach, calling about your membership renewal. Do you have a minute?'],
    pauseSeconds: 2,
    silenceThresholdSeconds: 6,
    silenceMaxAttempts: 2,
    silenceWords: 'Hello, are you still there?',
    timeoutHangupSeconds: 300,
    timeoutReply: 'Thank you for your time, goodbye.',
  };
  const [task] = await tx
    .insert(tasks)
    .values({
      projectId: project!.id,
      companyId: ids.companyId,
      name: 'Renewal calls',
      status: 'pending',
      scenarioId,
      voiceId,
      callStart: '09:00',
      callEnd: '20:00',
      weekdays: [1, 2, 3, 4, 5, 6],
      localTime: true,
      autoDial: true,
      concurrencyMode: 'auto',
      ignoreTags: ['do_not_call'],
      // About one answered demo call in four is a voicemail: it gets a message, never the pitch or a customer's summary.
      advanced: {
        ...advanced,
        amd: { enabled: true, onMachine: 'leave_message', message: DEMO_RENEWAL_MESSAGE, thresholds: { ...AMD_DEFAULTS } },
      },
      pendingCount: DEMO_SUBTASKS,
      totalCount: DEMO_SUBTASKS,
      createdBy: ids.adminId,
    })
    .returning({ id: tasks.id });
  if (lines.length > 0) await tx.insert(taskSipLines).values(lines.map((line) => ({ taskId: task!.id, sipLineId: line.id })));

  const [lapsed] = await tx
    .insert(tasks)
    .values({
      projectId: project!.id,
      companyId: ids.companyId,
      name: 'Lapsed members',
      status: 'completed',
      scenarioId,
      voiceId,
      callStart: '09:00',
      callEnd: '20:00',
      weekdays: [1, 2, 3, 4, 5, 6],
      autoDial: false,
      concurrencyMode: 'auto',
      ignoreTags: ['do_not_call'],
      advanced: {
        ...advanced,
        amd: { enabled: true, onMachine: 'leave_message', message: DEMO_VOICEMAIL_MESSAGE, thresholds: { ...AMD_DEFAULTS } },
      },
      redialCount: 1,
      pendingCount: 0,
      totalCount: LAPSED_SUBTASKS,
      createdBy: ids.adminId,
    })
    .returning({ id: tasks.id });
  if (lines.length > 0) await tx.insert(taskSipLines).values(lines.map((line) => ({ taskId: lapsed!.id, sipLineId: line.id })));
  await tx.insert(subtasks).values(
    Array.from({ length: LAPSED_SUBTASKS }, (_, i) => {
      const name = `${SURNAMES[(i + 3) % SURNAMES.length]} ${String.fromCharCode(90 - (i % 26))}.`;
      return {
        taskId: lapsed!.id,
        companyId: ids.companyId,
        phone: `1370000${String(i + 1).padStart(4, '0')}`,
        prologueInfo: `Hello ${name}`,
        businessInfo: { name, plan: PLANS[i % PLANS.length]!, lapsedOn: `2025-${String((i % 9) + 3).padStart(2, '0')}-01` },
        remark: '',
        extra: { city: ['Hangzhou', 'Shanghai', 'Shenzhen'][i % 3]! },
        state: i % 11 === 0 ? ('failed' as const) : ('done' as const),
      };
    }),
  );

  // Placed in their zones as an upload would place them (the seed writes rows directly).
  const [company] = await tx.select({ timeZone: companies.timezone }).from(companies).where(eq(companies.id, ids.companyId));
  const placer = new NumberZonePlacer('PLAIN_TEXT', company?.timeZone ?? 'UTC');
  const renewals = Array.from({ length: DEMO_SUBTASKS }, (_, i) => {
    const phone = renewalPhone(i);
    return { phone, timeZone: placer.place(phone) };
  });
  await tx
    .update(tasks)
    .set({ zoneKeys: [...new Set(renewals.map((r) => r.timeZone))].sort() })
    .where(eq(tasks.id, task!.id));
  await tx.insert(subtasks).values(
    renewals.map(({ phone, timeZone }, i) => {
      const name = `${SURNAMES[i % SURNAMES.length]} ${String.fromCharCode(65 + (i % 26))}.`;
      const plan = PLANS[i % PLANS.length]!;
      return {
        taskId: task!.id,
        companyId: ids.companyId,
        phone,
        timeZone,
        prologueInfo: `Hello ${name}`,
        businessInfo: { name, plan, renewBy: `2026-${String((i % 9) + 3).padStart(2, '0')}-01` },
        remark: i % 7 === 0 ? 'prefers afternoons' : '',
        extra: { city: ['Hangzhou', 'Shanghai', 'Shenzhen'][i % 3]! },
      };
    }),
  );
  return { projectId: project!.id, taskId: task!.id };
}

async function grantedCatalogue(tx: DbOrTx, companyId: string): Promise<{ scenarioId: string; voiceId: string }> {
  const granted = (kind: 'scenario' | 'voice') =>
    tx
      .select({ id: companyGrants.refId })
      .from(companyGrants)
      .where(and(eq(companyGrants.companyId, companyId), eq(companyGrants.kind, kind)))
      .limit(1);
  let [scenario] = await granted('scenario');
  let [voice] = await granted('voice');
  if (!scenario) {
    [scenario] = await tx.insert(scenarios).values({ name: 'Renewal reminder' }).returning({ id: scenarios.id });
    await tx.insert(companyGrants).values({ companyId, kind: 'scenario', refId: scenario!.id });
  }
  if (!voice) {
    [voice] = await tx
      .insert(voices)
      .values({ nickname: 'Lily', vendor: 'volcano', originalVoiceId: 'lily01' })
      .returning({ id: voices.id });
    await tx.insert(companyGrants).values({ companyId, kind: 'voice', refId: voice!.id });
  }
  return { scenarioId: scenario!.id, voiceId: voice!.id };
}
