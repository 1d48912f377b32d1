import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { and, count, eq, isNull } from 'drizzle-orm';
import { useTestServer, seedCompanies } from '../../test/helper.ts';
import { insertCampaign } from '../../test/campaign.ts';
import { startSipp, type Sipp } from '../../test/sipp.ts';
import { calls, subtasks, tasks } from '../db/schema.ts';
import { SecretBox } from '../secrets/secret-box.ts';
import { SimulatedTrunk, SipTrunk } from '../telephony/index.ts';
import { parseWavHeader } from '../telephony/media/wav-writer.ts';
import { Dialer } from './dialer.ts';

/**
 * The whole path on real SIP: a task in the database, its line's password sealed at rest, the dialer
 * claiming subtasks and placing the calls through the SIP trunk to sipp on loopback, which challenges
 * every INVITE (digest checked by sipp against the line's password), answers, echoes RTP and waits
 * for our BYE. Every call ends on record with its recording.
 */
const server = useTestServer();
const secrets = SecretBox.fromKey(randomBytes(32));
const dataDir = mkdtempSync(join(tmpdir(), 'dialwise-dialer-sip-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

let sipp: Sipp | null = null;
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
  await sipp?.stop();
  sipp = null;
});

describe('the dialer over real SIP', () => {
  it("dials a task's numbers through a SIP line to sipp: digest answered with the sealed password, RTP both ways, recordings, records, task completed", async () => {
    const numbers = 4;
    sipp = await startSipp({
      scenario: 'uas-auth.xml',
      rtpEcho: true,
      calls: numbers,
      timeoutS: 60,
      keys: { challenge: 'qop="auth", algorithm=MD5', user: 'line1001', password: 'secret-1001' },
    });
    const { companyId } = await seedCompanies(server);
    const db = server.database.db;
    const task = await insertCampaign(db, {
      companyId,
      phones: Array.from({ length: numbers }, (_, i) => `1380000${String(i).padStart(4, '0')}`),
      seal: (password) => secrets.seal(password),
      name: 'sip campaign',
      task: { advanced: { prologues: ['Hello over SIP'], pauseSeconds: 1 } },
      lines: [
        {
          alias: 'sipp',
          concurrency: 2,
          cps: 50,
          sipUsername: 'line1001',
          password: 'secret-1001',
          domain: sipp.address,
          port: sipp.port,
          trunk: 'sip',
        },
      ],
    });

    const recordingsDir = join(dataDir, 'recordings');
    const sip = new SipTrunk({ recordingsDir, bindAddress: '127.0.0.1', rtpPorts: { min: 35000, max: 35998 } });
    const simulated = new SimulatedTrunk({ recordingsDir, seed: 1, timeScale: 0.01 });
    closers.push(
      () => sip.close(),
      () => simulated.close(),
    );
    const dialer = new Dialer(
      { db, secrets, now: () => new Date(), trunks: { sip, simulated } },
      { recordingsDir, tickMs: 50, talkMs: 600, ringTimeoutMs: 10_000 },
    );
    closers.push(() => dialer.stop());

    let peak = 0;
    const until = Date.now() + 45_000;
    for (;;) {
      const [row] = await db.select({ status: tasks.status }).from(tasks).where(eq(tasks.id, task.taskId));
      if (row!.status === 'completed') break;
      if (Date.now() > until) throw new Error(`timed out; sipp says:\n${await sipp.diagnostics()}`);
      await dialer.tick();
      const [live] = await db
        .select({ n: count() })
        .from(calls)
        .where(and(eq(calls.sipLineId, task.lineIds[0]!), isNull(calls.endedAt)));
      peak = Math.max(peak, live!.n);
      expect(live!.n).toBeLessThanOrEqual(2);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }

    const records = await db.select().from(calls).where(eq(calls.taskId, task.taskId));
    expect(records).toHaveLength(numbers);
    expect(peak).toBe(2);
    for (const record of records) {
      expect(record).toMatchObject({ outcome: 'answered', status: 'connected', sipStatus: 200, hungUpBy: 'us' });
      expect(record.answeredAt).not.toBeNull();
      expect(record.durationMs).toBeGreaterThan(500);
      expect(record.conversation[0]).toMatchObject({ speaker: 'ai', text: 'Hello over SIP' });
      expect(record.recordingPath).toBe(join(recordingsDir, companyId, `${record.id}.wav`));
      const header = parseWavHeader(readFileSync(record.recordingPath!));
      expect(header?.channels).toBe(2);
      expect(statSync(record.recordingPath!).size).toBeGreaterThan(44 + 8000); // more than half a second of audio
    }
    const left = await db.select().from(subtasks).where(eq(subtasks.taskId, task.taskId));
    expect(left.every((s) => s.state === 'done')).toBe(true);
    const code = await sipp.exited;
    if (code !== 0) throw new Error(`sipp failed (${code}):\n${await sipp.diagnostics()}`);
  });
});
