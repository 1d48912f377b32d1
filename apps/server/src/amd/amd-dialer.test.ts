import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AMD_DEFAULTS } from '@dialwise/contracts';
import { seedCompanies, useTestServer } from '../../test/helper.ts';
import { insertCampaign } from '../../test/campaign.ts';
import { calls, subtasks } from '../db/schema.ts';
import { Dialer } from '../dialer/dialer.ts';
import { SecretBox } from '../secrets/secret-box.ts';
import { SimulatedTrunk } from '../telephony/index.ts';

/**
 * The dialer with answering-machine detection on, over the simulated trunk at real time (the detector hears
 * the callees' frames): an answering machine → voicemail, redialled after the task's gap; a dead number
 * whose carrier announces in early media → invalid, cancelled before any answer, never redialled.
 */
const server = useTestServer();
const secrets = SecretBox.fromKey(randomBytes(32));
const recordingsDir = mkdtempSync(join(tmpdir(), 'dialwise-amd-dialer-'));
afterAll(() => rmSync(recordingsDir, { recursive: true, force: true }));
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

const MACHINE = '13900000001';
const DEAD = '13900000002';

describe('the dialer with answering-machine detection', () => {
  it('stores voicemail (redialled later) and invalid numbers (never redialled) with the verdict', async () => {
    const { companyId } = await seedCompanies(server);
    const db = server.database.db;
    const task = await insertCampaign(db, {
      companyId,
      phones: [MACHINE, DEAD],
      seal: (password) => secrets.seal(password),
      name: 'amd',
      task: {
        redialCount: 2,
        redialGapMinutes: 45,
        advanced: { prologues: ['Hello'], pauseSeconds: 1, amd: { enabled: true, onMachine: 'hangup', thresholds: { ...AMD_DEFAULTS } } },
      },
      lines: [{ alias: 'sim', cps: 100 }],
    });

    const simulated = new SimulatedTrunk({
      recordingsDir,
      seed: 3,
      timeScale: 1,
      plan: (request) =>
        request.to === MACHINE
          ? { outcome: 'answered', persona: 'voicemail', ringMs: 300, talkMs: 20_000 }
          : { outcome: 'invalid_number', announces: 'spoken', ringMs: 300 },
    });
    const dialer = new Dialer(
      { db, secrets, now: () => new Date(), trunks: { sip: simulated, simulated } },
      { recordingsDir, tickMs: 50, ringTimeoutMs: 30_000 },
    );
    closers.push(
      () => dialer.stop(),
      () => simulated.close(),
    );
    const until = Date.now() + 30_000;
    for (;;) {
      const done = await db.select().from(calls).where(eq(calls.taskId, task.taskId));
      if (done.length === 2 && done.every((c) => c.endedAt)) break;
      if (Date.now() > until) throw new Error('calls did not end');
      await dialer.tick();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }

    const records = await db.select().from(calls).where(eq(calls.taskId, task.taskId));
    const machine = records.find((r) => r.phone === MACHINE)!;
    expect(machine).toMatchObject({ status: 'voicemail', outcome: 'answered', hungUpBy: 'us', analysisState: 'none' });
    expect(machine.amd).toMatchObject({ outcome: 'machine' });
    expect(machine.amd!.decisionMs).toBeGreaterThan(500);
    expect(machine.durationMs).toBeLessThan(4500); // hung up on the greeting, before its beep

    const dead = records.find((r) => r.phone === DEAD)!;
    expect(dead).toMatchObject({ status: 'invalid', outcome: 'invalid_number', answeredAt: null, sipStatus: 487 });
    expect(dead.amd).toMatchObject({ outcome: 'announcement', reason: 'early-media-voice' });

    const states = await db.select().from(subtasks).where(eq(subtasks.taskId, task.taskId));
    const redial = states.find((s) => s.phone === MACHINE)!;
    expect(redial.state).toBe('pending');
    expect(redial.nextAttemptAt!.getTime() - machine.endedAt!.getTime()).toBe(45 * 60_000);
    expect(states.find((s) => s.phone === DEAD)).toMatchObject({ state: 'failed', lastOutcome: 'invalid_number' });
  }, 60_000);
});
