import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BrowserCall } from './browser-call.ts';
import { FRAME_SAMPLES, rms, tone } from '../audio/pcm.ts';
import { decodeG711, encodeG711 } from './media/g711.ts';
import { parseWavHeader } from './media/wav-writer.ts';

const dir = mkdtempSync(join(tmpdir(), 'dialwise-browser-call-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A browser's leg as the call sees it: the frames sent to it, decoded. */
function sink() {
  const frames: Int16Array[] = [];
  return { frames, send: (payload: Uint8Array) => frames.push(decodeG711('PCMU', payload)) };
}

describe('a call whose far end is a browser', () => {
  it('is answered when its leg is up, sends our audio as 20 ms PCMU frames, and records both sides', async () => {
    const path = join(dir, 'both.wav');
    const call = new BrowserCall({ recordingPath: path, maxDurationMs: 60_000 });
    const leg = sink();
    expect(call.state).toBe('dialing');
    call.start(leg);
    expect(await call.answered).toMatchObject({ codec: 'PCMU' });
    const heard: number[] = [];
    call.on('audio', (frame) => heard.push(rms(frame.samples)));
    // 400 ms of the browser's microphone (a 300 Hz tone), and 400 ms of ours (1 kHz).
    const mic = tone(300, 20, 0.3);
    const payload = new Uint8Array(FRAME_SAMPLES);
    encodeG711('PCMU', mic, payload);
    for (let i = 0; i < 20; i++) call.receive(payload);
    call.receive(new Uint8Array(80)); // not a 20 ms PCMU frame: dropped
    expect(await call.sendAudio(tone(1000, 400, 0.3))).toBe(true);
    const result = await call.hangup();

    expect(heard).toHaveLength(20);
    expect(Math.min(...heard)).toBeGreaterThan(1000);
    expect(leg.frames.filter((frame) => rms(frame) > 1000).length).toBeGreaterThanOrEqual(19);
    expect(result).toMatchObject({ outcome: 'answered', hungUpBy: 'us', endReason: 'hangup', codec: 'PCMU' });
    expect(result.media.packetsReceived).toBe(20);
    expect(result.media.packetsSent).toBe(leg.frames.length);
    const wav = readFileSync(path);
    expect(parseWavHeader(wav)).toMatchObject({ channels: 2, sampleRate: 8000 });
    // Left the browser, right us: both sides are in it.
    const samples = new Int16Array(wav.buffer.slice(wav.byteOffset + 44, wav.byteOffset + wav.length));
    const left = samples.filter((_, i) => i % 2 === 0);
    const right = samples.filter((_, i) => i % 2 === 1);
    expect(rms(left)).toBeGreaterThan(500);
    expect(rms(right)).toBeGreaterThan(500);
  });

  it('ends as the callee when the browser goes, and is hung up at its longest', async () => {
    const gone = new BrowserCall({ recordingPath: null, maxDurationMs: 60_000 });
    gone.start(sink());
    expect(await gone.farEndHungUp()).toMatchObject({ outcome: 'answered', hungUpBy: 'callee', endReason: 'remote-bye' });

    const capped = new BrowserCall({ recordingPath: null, maxDurationMs: 100 });
    capped.start(sink());
    expect(await capped.ended).toMatchObject({ outcome: 'answered', hungUpBy: 'us', endReason: 'max-duration' });
  });

  it('ends unanswered, as failed, when its leg never comes up', async () => {
    const call = new BrowserCall({ recordingPath: null, maxDurationMs: 60_000 });
    const result = await call.failed('the browser did not connect (ICE/DTLS)');
    expect(result).toMatchObject({ outcome: 'failed', answeredAt: null, sipReason: 'the browser did not connect (ICE/DTLS)' });
    expect(await call.answered).toBeNull();
    // A leg that comes up after the end does not revive it.
    call.start(sink());
    expect(call.state).toBe('ended');
  });
});
