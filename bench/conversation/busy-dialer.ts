/**
 * Background load for bench:conversation: the Dialer and its database busy, as on a server — a campaign of
 * plan-less calls on the simulated trunk (short calls at 1/20 of real time), `concurrency` at once, so the
 * dialer claims, opens and closes records every tick. The database is the embedded PGlite, in this process
 * and on its event loop; with `databaseUrl` it is a scratch database on that PostgreSQL, in a process of its
 * own (only the driver's protocol work stays on the loop).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq, isNotNull } from 'drizzle-orm';
import { COMPANY_CONCURRENCY, COMPANY_FEATURES } from '@dialwise/contracts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { calls, companies, tasks } from '../../apps/server/src/db/schema.ts';
import { Dialer } from '../../apps/server/src/dialer/dialer.ts';
import { insertCampaign } from '../../apps/server/test/campaign.ts';
import { createScratchDatabase } from '../../apps/server/test/scratch-database.ts';
import { SecretBox } from '../../apps/server/src/secrets/secret-box.ts';
import { SimulatedTrunk, SipTrunk } from '../../apps/server/src/telephony/index.ts';

export interface BusyDialer {
  /** Calls the background campaign finished while the measurement ran. */
  finished(): Promise<number>;
  stop(): Promise<void>;
}

const NUMBERS = 50_000;

export async function startBusyDialer(concurrency: number, databaseUrl?: string): Promise<BusyDialer> {
  const work = mkdtempSync(join(tmpdir(), 'dialwise-bench-busy-'));
  const scratch = databaseUrl ? await createScratchDatabase(databaseUrl, 'dialwise_bench_busy') : null;
  const database = await openDatabase({ url: scratch?.url, dataDir: join(work, 'pglite') });
  const db = database.db;
  const secrets = SecretBox.fromKey(randomBytes(32));
  const [company] = await db
    .insert(companies)
    .values({
      name: 'Busy',
      suffix: 'busy',
      adminEmail: 'busy@x.test',
      permissions: { numberReveal: false, maxConcurrency: COMPANY_CONCURRENCY.max, features: [...COMPANY_FEATURES] },
    })
    .returning();
  const companyId = company!.id;
  const { taskId } = await insertCampaign(db, {
    companyId,
    phones: Array.from({ length: NUMBERS }, (_, i) => `1390${String(i).padStart(7, '0')}`),
    seal: (password) => secrets.seal(password),
    name: 'busy',
    task: { advanced: { prologues: ['Hello.'] } },
    lines: [{ alias: 'sim', concurrency, cps: 100, sipUsername: 'busy', password: 'busy', domain: 'simulated.invalid' }],
  });
  const recordingsDir = join(work, 'recordings');
  const sip = new SipTrunk({ recordingsDir, bindAddress: '127.0.0.1', rtpPorts: { min: 40000, max: 40998 } });
  // No carrier failures in the mix: a run of 503s would (rightly) trip the line's circuit breaker and
  // pause the background campaign, leaving the database idle.
  const simulated = new SimulatedTrunk({
    recordingsDir,
    timeScale: 0.05,
    seed: 1,
    mix: { answered: 0.7, no_answer: 0.15, busy: 0.15, invalid_number: 0, rejected: 0, failed: 0, backpressure: 0, timeout: 0 },
  });
  const dialer = new Dialer(
    { db, secrets, now: () => new Date(), trunks: { sip, simulated } },
    { recordingsDir, tickMs: 500, talkMs: 2_000, ringTimeoutMs: 30_000, simulatedTimeScale: 0.05, soleDialer: true },
  );
  let running = true;
  const finishedBefore = await finishedCalls();
  const loop = (async () => {
    while (running) {
      await dialer.tick();
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  })();

  async function finishedCalls(): Promise<number> {
    const [row] = await db.select({ n: count() }).from(calls).where(isNotNull(calls.endedAt));
    return row!.n;
  }

  return {
    finished: async () => (await finishedCalls()) - finishedBefore,
    async stop() {
      running = false;
      await loop;
      await dialer.stop();
      await simulated.close();
      await sip.close();
      await db.update(tasks).set({ status: 'paused' }).where(eq(tasks.id, taskId));
      await database.close();
      await scratch?.drop();
      rmSync(work, { recursive: true, force: true });
    },
  };
}
