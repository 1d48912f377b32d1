import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startSpeakingFarEnd } from '../../../test/speaking-far-end.ts';
import { FRAME_SAMPLES } from '../../audio/pcm.ts';
import { SipTrunk } from './sip-trunk.ts';

/**
 * A SIP call's RTP after a stall of the server's event loop, as the browser leg's (webcall/open-browser-leg.test.ts):
 * the media clock skips the frames it could not send in time, and their media time must show in the timestamps (a
 * gap the phone conceals), not vanish (every later packet then looks that much delayed to the phone's jitter buffer).
 */
const dir = mkdtempSync(join(tmpdir(), 'dialwise-sip-stall-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function busy(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // The event loop is blocked, as by a long synchronous task on a loaded server.
  }
}

describe('the SIP leg after a stall', () => {
  it('moves the RTP timestamp on by the skipped frames, the sequence continuous', async () => {
    const farEnd = await startSpeakingFarEnd({ lines: [] });
    const trunk = new SipTrunk({ recordingsDir: join(dir, 'recordings'), bindAddress: '127.0.0.1', rtpPorts: { min: 36400, max: 36498 } });
    try {
      const call = trunk.dial({
        to: '13800000001',
        callerId: '02100000000',
        line: { username: 'u', password: 'p', domain: farEnd.address, port: farEnd.port },
        ringTimeoutMs: 10_000,
        record: false,
      });
      await call.answered;
      await expect.poll(() => farEnd.heardHeaders.length, { timeout: 10_000 }).toBeGreaterThan(5);

      // 400 ms blocked: 20 frames due at once, the clock sends the newest 5 and skips the rest.
      busy(400);
      const before = farEnd.heardHeaders.length;
      await expect.poll(() => farEnd.heardHeaders.length, { timeout: 10_000 }).toBeGreaterThan(before + 10);
      await call.hangup();

      const heard = farEnd.heardHeaders;
      const steps = heard.slice(1).map((header, i) => ({
        sequence: (header.sequence - heard[i]!.sequence) & 0xffff,
        frames: ((header.timestamp - heard[i]!.timestamp) >>> 0) / FRAME_SAMPLES,
      }));
      // Every packet follows the one before it; one step carries the stall's skipped frames in its timestamp.
      expect(steps.every((step) => step.sequence === 1)).toBe(true);
      const jumps = steps.filter((step) => step.frames > 1);
      expect(jumps.length).toBeGreaterThanOrEqual(1);
      expect(Math.max(...jumps.map((step) => step.frames))).toBeGreaterThanOrEqual(1 + 10);
      // Elsewhere one frame per packet.
      expect(steps.filter((step) => step.frames <= 1).every((step) => step.frames === 1)).toBe(true);
    } finally {
      await trunk.close();
      await farEnd.close();
    }
  }, 30_000);
});
