import { asc, eq } from 'drizzle-orm';
import { wallClock, type BoardOutcome } from '@dialwise/contracts';
import type { DbOrTx } from '../db/client.ts';
import { calls, companies, subtasks, taskSipLines, tasks } from '../db/schema.ts';
import { demoVerdict } from '../amd/demo-verdict.ts';
import { seededRandom } from '../telephony/index.ts';
import { offsetMinutes } from './board-scope.ts';

export interface BoardsDemoIds {
  companyId: string;
}

const DAYS = 7;
/** Outcomes of unanswered calls, with their weights and SIP status. */
const MISSED: [BoardOutcome, number, number | null][] = [
  ['no_answer', 55, 480],
  ['busy', 24, 486],
  ['invalid_number', 8, 404],
  ['rejected', 7, 603],
  ['failed', 4, 503],
  ['timeout', 2, null],
];

/**
 * A week of call history for the demo company's tasks, so the boards show something on the first start:
 * a couple of hundred calls a day inside each task's call window (its hours on its calling days, company
 * time), about 45 % answered, a fifth of those handed to an operator (a few lost on the way), talk times from
 * seconds to minutes.
 * A task that detects answering machines (the demo's "Lapsed members") also reached voicemail on about a
 * fifth of its answered calls and dead numbers announced by the carrier, each with the detector's verdict
 * (`amd/demo-verdict.ts`), so the boards' machine rate, the records' voicemail / invalid statuses and the
 * drawer's verdict have something to show.
 * Written as finished records through the ordinary insert on `calls`, so the rollup triggers count them
 * exactly as they count the dialer's. No recording file exists for them (`recording_path` null).
 */
export async function seedBoardsDemo(tx: DbOrTx, ids: BoardsDemoIds, now = new Date()): Promise<number> {
  const [company] = await tx.select({ timeZone: companies.timezone }).from(companies).where(eq(companies.id, ids.companyId));
  const taskRows = await tx
    .select({
      id: tasks.id,
      projectId: tasks.projectId,
      callStart: tasks.callStart,
      callEnd: tasks.callEnd,
      weekdays: tasks.weekdays,
      advanced: tasks.advanced,
    })
    .from(tasks)
    .where(eq(tasks.companyId, ids.companyId))
    .orderBy(asc(tasks.createdAt));
  const next = seededRandom(7);
  const rows: (typeof calls.$inferInsert)[] = [];
  for (const task of taskRows) {
    const lines = await tx
      .select({ id: taskSipLines.sipLineId })
      .from(taskSipLines)
      .where(eq(taskSipLines.taskId, task.id))
      .orderBy(asc(taskSipLines.sipLineId));
    const numbers = await tx
      .select({ id: subtasks.id, phone: subtasks.phone, prologueInfo: subtasks.prologueInfo, businessInfo: subtasks.businessInfo })
      .from(subtasks)
      .where(eq(subtasks.taskId, task.id))
      .orderBy(asc(subtasks.id));
    if (lines.length === 0 || numbers.length === 0) continue;
    const [startHour, startMinute] = task.callStart.split(':').map(Number) as [number, number];
    const [endHour, endMinute] = task.callEnd.split(':').map(Number) as [number, number];
    const windowMs = (endHour * 60 + endMinute - (startHour * 60 + startMinute)) * 60_000;
    const amd = task.advanced.amd?.enabled ? task.advanced.amd : null;
    for (let day = DAYS; day >= 0; day -= 1) {
      const midnight = localMidnight(now, day, company?.timeZone ?? 'UTC');
      // Only on the task's calling days: a Monday-to-Saturday task made no call last Sunday (its live drawer says so).
      if (!task.weekdays.includes(wallClock(new Date(midnight.getTime() + 12 * 3_600_000), company?.timeZone ?? 'UTC').weekday)) continue;
      // A list of under a hundred numbers (the completed "Lapsed members") was a smaller campaign. (It read
      // "detects machines" as small, and when the demo's main task began detecting machines its week fell under
      // the boards' 700 calls.)
      const perDay = numbers.length < 100 ? 40 + Math.floor(next() * 40) : 150 + Math.floor(next() * 150);
      for (let i = 0; i < perDay; i += 1) {
        const placedAt = new Date(midnight.getTime() + (startHour * 60 + startMinute) * 60_000 + Math.floor(next() * windowMs));
        if (placedAt.getTime() > now.getTime() - 60_000) continue;
        const number = numbers[Math.floor(next() * numbers.length)]!;
        const answered = next() < 0.45;
        const ringMs = 3_000 + Math.floor(next() * 15_000);
        const base = {
          companyId: ids.companyId,
          projectId: task.projectId,
          taskId: task.id,
          subtaskId: number.id,
          // Calls spread over the task's lines, the first carrying most (the per-line charts show them apart).
          sipLineId: lines[next() < 0.65 ? 0 : Math.floor(next() * lines.length)]!.id,
          phone: number.phone,
          attempt: 1,
          prologueInfo: number.prologueInfo,
          businessInfo: number.businessInfo,
          node: 'demo-history',
          placedAt,
          ringingAt: new Date(placedAt.getTime() + 1_000),
        };
        if (answered && amd && next() < 0.22) {
          const verdict = demoVerdict('machine', next, amd.onMachine === 'leave_message');
          const message = amd.onMachine === 'leave_message' && verdict.messageLeft ? (amd.message ?? '') : '';
          const messageAtMs = verdict.beepAtMs ?? verdict.decisionMs + 2_000;
          const durationMs = message ? messageAtMs + 7_000 : verdict.decisionMs + 300;
          rows.push({
            ...base,
            answeredAt: new Date(placedAt.getTime() + ringMs),
            endedAt: new Date(placedAt.getTime() + ringMs + durationMs),
            durationMs,
            status: 'voicemail',
            outcome: 'answered',
            sipStatus: 200,
            sipReason: 'OK',
            hungUpBy: 'us',
            amd: verdict,
            conversation: message ? [{ speaker: 'ai', text: message, atMs: messageAtMs }] : [],
          });
        } else if (answered) {
          const talkMs = Math.round(Math.exp(2 + next() * 4.2) * 1_000); // ~7 s to ~8 min, most under two
          const handOver = next();
          rows.push({
            ...base,
            answeredAt: new Date(placedAt.getTime() + ringMs),
            endedAt: new Date(placedAt.getTime() + ringMs + talkMs),
            durationMs: talkMs,
            status: 'connected',
            outcome: 'answered',
            sipStatus: 200,
            sipReason: 'OK',
            hungUpBy: next() < 0.6 ? 'callee' : 'us',
            transferOutcome: handOver < 0.17 ? 'success' : handOver < 0.2 ? 'lost' : handOver < 0.23 ? 'failed' : 'none',
            conversation: [
              // The opening says who is calling and why, with the number's own greeting first (conversation/opening.ts).
              {
                speaker: 'ai',
                text: `${number.prologueInfo ? `${number.prologueInfo} ` : ''}This is Lin from AcmeOutreach, calling about your membership renewal. Do you have a minute?`,
                atMs: 0,
              },
              { speaker: 'customer', text: next() < 0.5 ? 'Yes, go ahead.' : 'Okay, what is the offer?', atMs: 6_500 },
            ],
            ...(amd ? { amd: demoVerdict(next() < 0.93 ? 'person' : 'silence', next) } : {}),
          });
        } else if (amd && next() < 0.1) {
          // A dead number: the carrier's tones or voice in early media, cancelled before any answer.
          rows.push({
            ...base,
            endedAt: new Date(placedAt.getTime() + ringMs),
            durationMs: 0,
            status: 'invalid',
            outcome: 'invalid_number',
            sipStatus: 487,
            sipReason: 'Request Terminated',
            hungUpBy: 'us',
            amd: demoVerdict('announcement', next),
          });
        } else {
          let pick = next() * 100;
          const [outcome, , sipStatus] = MISSED.find(([, weight]) => (pick -= weight) < 0) ?? MISSED[0]!;
          rows.push({
            ...base,
            endedAt: new Date(placedAt.getTime() + ringMs),
            durationMs: 0,
            status: 'missed',
            outcome,
            sipStatus,
            hungUpBy: outcome === 'no_answer' ? 'us' : 'callee',
          });
        }
      }
    }
  }
  for (let i = 0; i < rows.length; i += 1000) await tx.insert(calls).values(rows.slice(i, i + 1000));
  return rows.length;
}

/** Midnight `daysAgo` days before `now`'s day in the zone, as an instant. */
function localMidnight(now: Date, daysAgo: number, timeZone: string): Date {
  const offset = offsetMinutes(timeZone, now) * 60_000;
  const local = new Date(now.getTime() + offset);
  const midnightLocal = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() - daysAgo);
  return new Date(midnightLocal - offsetMinutes(timeZone, new Date(midnightLocal - offset)) * 60_000);
}
