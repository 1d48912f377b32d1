import { afterEach, describe, expect, it } from 'vitest';
import { BrowserLegClient } from '../../test/browser-leg-client.ts';
import { FRAME_SAMPLES } from '../audio/pcm.ts';
import { openBrowserLeg } from './open-browser-leg.ts';

/**
 * The browser leg's RTP after a stall of the server's event loop: the media clock skips the frames it could not
 * send in time, and their media time must show in the timestamps (a gap the browser conceals), not vanish (every
 * later packet then looks that much delayed, and Chromium's jitter buffer holds that much more audio from then on).
 */
const clients: BrowserLegClient[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) await client.close();
});

function busy(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // The event loop is blocked, as by a long synchronous task on a loaded server.
  }
}

describe('the browser leg after a stall', () => {
  it('moves the RTP timestamp on by the skipped frames, the sequence continuous', async () => {
    const client = new BrowserLegClient();
    clients.push(client);
    const leg = await openBrowserLeg({ offerSdp: await client.offer(), iceServers: [], recordingPath: null });
    await client.answer(leg.answerSdp);
    await leg.call.answered;
    await expect.poll(() => client.heardHeaders.length, { timeout: 10_000 }).toBeGreaterThan(5);

    // 400 ms blocked: 20 frames due at once, the clock sends the newest 5 and skips the rest.
    busy(400);
    const before = client.heardHeaders.length;
    await expect.poll(() => client.heardHeaders.length, { timeout: 10_000 }).toBeGreaterThan(before + 10);
    await leg.call.hangup();

    const steps = client.heardHeaders.slice(1).map((header, i) => ({
      sequence: (header.sequence - client.heardHeaders[i]!.sequence) & 0xffff,
      frames: ((header.timestamp - client.heardHeaders[i]!.timestamp) >>> 0) / FRAME_SAMPLES,
    }));
    // Every packet follows the one before it; one step carries the stall's skipped frames in its timestamp.
    expect(steps.every((step) => step.sequence === 1)).toBe(true);
    const jumps = steps.filter((step) => step.frames > 1);
    expect(jumps.length).toBeGreaterThanOrEqual(1);
    expect(Math.max(...jumps.map((step) => step.frames))).toBeGreaterThanOrEqual(1 + 10);
    // Elsewhere one frame per packet.
    expect(steps.filter((step) => step.frames <= 1).every((step) => step.frames === 1)).toBe(true);
  }, 30_000);
});
