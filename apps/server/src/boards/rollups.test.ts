import { describe, expect, it } from 'vitest';
import { eq, inArray, isNull, sql } from 'drizzle-orm';
import { BOARD_OUTCOMES } from '@dialwise/contracts';
import { seedCompanies, useTestServer } from '../../test/helper.ts';
import { createProject, createTask, grantCatalogue, userWithSession } from '../../test/task-fixtures.ts';
import { insertPlacedCall, type CallTarget } from '../../test/call-fixtures.ts';
import { calls } from '../db/schema.ts';
import { MEASURES, ROLLUPS, type Rollup } from '../db/rollup-measures.ts';
import { seriesRange, sumRange, type Scope } from './read-rollups.ts';
import { rollupRefreshSql } from './rollup-sql.ts';
import { seededRandom } from '../telephony/simulated/simulated-callee.ts';
import { latestRollupSql } from './print-rollup-sql.ts';

const server = useTestServer();

async function targets(): Promise<CallTarget[]> {
  const { companyId, otherCompanyId } = await seedCompanies(server);
  const out: CallTarget[] = [];
  for (const [company, admin] of [
    [companyId, 'alice'],
    [otherCompanyId, 'gina'],
  ] as const) {
    const token = await userWithSession(server, company, admin, 'ADMIN');
    const catalogue = await grantCatalogue(server, company, admin);
    for (const p of ['P1', 'P2']) {
      const projectId = await createProject(server, token, `${p}${admin}`);
      for (const t of ['T1', 'T2'])
        out.push({
          companyId: company,
          projectId,
          taskId: await createTask(server, token, projectId, catalogue, { name: `${t}${p}` }),
          lineId: catalogue.lineId,
        });
    }
  }
  return out;
}

const columns = MEASURES.map((m) => m.column);
/** Statuses of calls no person answered (voicemail and invalid come from answering-machine detection). */
const UNANSWERED = ['missed', 'missed', 'voicemail', 'invalid'] as const;

/** A whole rollup table, without rows whose counters all came back to zero. */
async function rollupTable(rollup: Rollup) {
  const key = rollup.conflict[0];
  const result = await server.database.db.execute(
    sql.raw(
      `select ${key} as key, bucket, ${columns.join(', ')} from ${rollup.table} where not (${columns.map((c) => `${c} = 0`).join(' and ')}) order by 1, 2`,
    ),
  );
  return result.rows.map(normalize);
}

/** The same table computed from scratch: a GROUP BY over the finished records. */
async function rawTable(rollup: Rollup) {
  const sums = MEASURES.map(
    (m) => `coalesce(sum(${m.adds === '1' ? '1' : m.adds})${m.when ? ` filter (where ${m.when})` : ''}, 0) as ${m.column}`,
  );
  const result = await server.database.db.execute(
    sql.raw(
      `select ${rollup.conflict[0]} as key, date_trunc('${rollup.grain}', placed_at, 'UTC') as bucket, ${sums.join(', ')} from calls where ended_at is not null and not test group by 1, 2 order by 1, 2`,
    ),
  );
  return result.rows.map(normalize);
}

function normalize(row: Record<string, unknown>) {
  return {
    key: row.key,
    bucket: new Date(row.bucket as string).toISOString(),
    ...Object.fromEntries(columns.map((c) => [c, Number(row[c])])),
  };
}

describe('call rollups', () => {
  it('the latest rollup migration holds the trigger function the measures generate', () => {
    expect(latestRollupSql()).toBe(rollupRefreshSql());
  });

  it('equal the raw aggregates after random placing, finishing, transfers, bulk closes and deletes (seeded)', async () => {
    const all = await targets();
    const next = seededRandom(20260301);
    const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
    const base = Date.parse('2026-03-01T14:00:00Z');
    const live: string[] = [];
    const finished: string[] = [];
    for (let step = 0; step < 400; step += 1) {
      const roll = next();
      const placedAt = new Date(base + Math.floor(next() * 6 * 3_600_000));
      if (roll < 0.35) {
        // Some are test calls from the browser: the rollups and the raw source must both leave them out.
        live.push(await insertPlacedCall(server, pick(all), { placedAt, endedAt: null, test: next() < 0.2 }));
      } else if (roll < 0.55 && live.length > 0) {
        // finishCall: the live row gets its end, status, outcome and talk time.
        const id = live.splice(Math.floor(next() * live.length), 1)[0]!;
        const answered = next() < 0.5;
        await server.database.db
          .update(calls)
          .set({
            endedAt: new Date(placedAt.getTime() + 60_000),
            status: answered ? 'connected' : pick(UNANSWERED),
            outcome: answered ? 'answered' : pick(BOARD_OUTCOMES.filter((o) => o !== 'answered')),
            durationMs: answered ? Math.floor(next() * 400_000) : 0,
            transferOutcome: answered ? pick(['none', 'success', 'failed', 'lost'] as const) : 'none',
          })
          .where(eq(calls.id, id));
        finished.push(id);
      } else if (roll < 0.7) {
        // Historical rows written finished (the demo seed, an import).
        const answered = next() < 0.6;
        finished.push(
          await insertPlacedCall(server, pick(all), {
            placedAt,
            status: answered ? 'connected' : pick(UNANSWERED),
            outcome: answered ? 'answered' : pick(BOARD_OUTCOMES),
            durationMs: answered ? Math.floor(next() * 700_000) : 0,
            transferOutcome: answered ? pick(['none', 'success', 'lost'] as const) : 'none',
            test: next() < 0.2,
          }),
        );
      } else if (roll < 0.82 && finished.length > 0) {
        // A finished call changes afterwards: its transfer outcome, or its talk time.
        await server.database.db
          .update(calls)
          .set(
            next() < 0.5
              ? { transferOutcome: pick(['none', 'success', 'failed', 'lost'] as const) }
              : { durationMs: Math.floor(next() * 400_000) },
          )
          .where(eq(calls.id, pick(finished)));
      } else if (roll < 0.9 && live.length > 2) {
        // Lease recovery: several live calls closed by one statement.
        const ids = live.splice(0, 3);
        await server.database.db
          .update(calls)
          .set({
            endedAt: placedAt,
            outcome: 'interrupted',
            status: sql`case when ${calls.answeredAt} is null then 'missed' else 'connected' end`,
          })
          .where(inArray(calls.id, ids));
        finished.push(...ids);
      } else if (roll < 0.95 && finished.length > 0) {
        const id = finished.splice(Math.floor(next() * finished.length), 1)[0]!;
        await server.database.db.delete(calls).where(eq(calls.id, id));
      } else {
        // An update touching no finished row (a live call's ringing time) changes nothing.
        await server.database.db.update(calls).set({ ringingAt: placedAt }).where(isNull(calls.endedAt));
      }
    }
    expect(finished.length).toBeGreaterThan(100);
    const [finishedTests] = await server.database.db
      .execute<{ n: number }>(sql`select count(*)::int as n from calls where test and ended_at is not null`)
      .then((r) => r.rows);
    expect(finishedTests!.n).toBeGreaterThan(10);

    for (const rollup of ROLLUPS) expect(await rollupTable(rollup), rollup.table).toEqual(await rawTable(rollup));

    // Every board query gives the raw GROUP BY's answer, for every scope.
    const start = new Date(base - 3_600_000);
    const end = new Date(base + 8 * 3_600_000);
    const scopes: Scope[] = [
      { companyId: all[0]!.companyId },
      { companyId: all[0]!.companyId, projectId: all[0]!.projectId },
      { companyId: all[0]!.companyId, taskId: all[1]!.taskId },
      { companyId: all[5]!.companyId, projectId: all[5]!.projectId, taskId: all[5]!.taskId },
    ];
    for (const scope of scopes) {
      const raw = await sumRange(server.database.db, 'raw', scope, start, end);
      expect(raw.total).toBeGreaterThan(0);
      for (const grain of ['minute', 'hour'] as const) {
        expect(await sumRange(server.database.db, grain, scope, start, end)).toEqual(raw);
        for (const [step, zone] of [
          ['1 hour', 'Asia/Shanghai'],
          ['1 day', 'America/New_York'],
          ['30 minutes', 'UTC'],
        ] as const) {
          if (grain === 'hour' && step === '30 minutes') continue;
          expect(await seriesRange(server.database.db, grain, scope, start, end, zone, step, columns)).toEqual(
            await seriesRange(server.database.db, 'raw', scope, start, end, zone, step, columns),
          );
        }
      }
    }
  });

  it('leave test calls out: a finished test call counts on no board, also when it is changed or deleted', async () => {
    const [target] = await targets();
    const placedAt = new Date(Date.parse('2026-03-02T09:00:00Z'));
    const scope: Scope = { companyId: target!.companyId, taskId: target!.taskId };
    const start = new Date(placedAt.getTime() - 3_600_000);
    const end = new Date(placedAt.getTime() + 3_600_000);
    await insertPlacedCall(server, target!, { placedAt, status: 'connected', outcome: 'answered', durationMs: 60_000 });
    const testCall = await insertPlacedCall(server, target!, {
      placedAt,
      status: 'connected',
      outcome: 'answered',
      durationMs: 90_000,
      test: true,
      sipLineId: null,
      subtaskId: null,
      phone: '',
    });
    for (const source of ['raw', 'minute', 'hour'] as const) {
      const sums = await sumRange(server.database.db, source, scope, start, end);
      expect([source, sums.total, sums.connected]).toEqual([source, 1, 1]);
    }
    await server.database.db.update(calls).set({ transferOutcome: 'success', durationMs: 10_000 }).where(eq(calls.id, testCall));
    await server.database.db.delete(calls).where(eq(calls.id, testCall));
    for (const rollup of ROLLUPS) expect(await rollupTable(rollup), rollup.table).toEqual(await rawTable(rollup));
    expect((await sumRange(server.database.db, 'minute', scope, start, end)).total).toBe(1);
  });
});
