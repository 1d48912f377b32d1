import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach } from 'vitest';
import type { Persona } from '../src/telephony/simulated/simulated-callee.ts';
import { type CallHandle, SimulatedTrunk } from '../src/telephony/index.ts';

/**
 * Answered calls on the simulated trunk for a test file: each call's trunk is closed after its test and the
 * recordings folder removed after the file. `answered(persona, timeScale)` dials one and waits for the answer.
 */
export function useSimulatedCalls(name: string): { answered: (persona: Persona, timeScale: number) => Promise<CallHandle> } {
  const recordingsDir = mkdtempSync(join(tmpdir(), `dialwise-${name}-`));
  const trunks: SimulatedTrunk[] = [];
  afterEach(async () => {
    await Promise.all(trunks.splice(0).map((trunk) => trunk.close()));
  });
  afterAll(() => rmSync(recordingsDir, { recursive: true, force: true }));
  return {
    async answered(persona, timeScale) {
      const trunk = new SimulatedTrunk({
        recordingsDir,
        seed: 1,
        timeScale,
        plan: () => ({ outcome: 'answered', persona, ringMs: 50, talkMs: 60_000 }),
      });
      trunks.push(trunk);
      const call = trunk.dial({
        to: '13800000001',
        callerId: '0',
        line: { username: 'u', password: 'p', domain: 's', port: 5060 },
        ringTimeoutMs: 5000,
      });
      await call.answered;
      return call;
    },
  };
}
