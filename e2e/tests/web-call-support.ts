import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';

/**
 * What the browser tests of voice calls share (the bench's voice mode, a task's test call): Chromium's fake
 * microphone fed from a WAV made at test time by espeak-ng, the page's own recording of what it hears, and the
 * server's offline recogniser (its telephone model, through apps/server/test/recognise-clips.ts) to say what that was.
 */
const ESPEAK = process.env.ESPEAK_PATH ?? '/usr/bin/espeak-ng';
const SERVER = resolve(import.meta.dirname, '../../apps/server');

/** Chromium's launch options for a fake microphone playing `wav` (checked on Debian's Chromium: it loops the file). */
export function fakeMicrophone(wav: string) {
  return {
    permissions: ['microphone'],
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-audio-capture=${wav}`,
        '--autoplay-policy=no-user-gesture-required',
      ],
    },
  };
}

/** `text` spoken by espeak-ng into `wav`: 48 kHz mono as Chromium's fake device wants it, with silence around it. */
export function speakInto(wav: string, text: string, dir: string, silenceAfterS = 10): void {
  const spoken = join(dir, 'spoken.wav');
  execFileSync(ESPEAK, ['-v', 'en-us', '-s', '150', '-w', spoken, text]);
  execFileSync('sox', ['-R', spoken, '-r', '48000', '-c', '1', '-b', '16', wav, 'pad', '1', String(silenceAfterS)]);
}

declare global {
  interface Window {
    heardSamples?: number[];
    peerConnections?: RTCPeerConnection[];
  }
}

/** Saves a screenshot under `SCREENSHOT_DIR` when it is set (to look at the screens in both languages and themes). */
export async function shoot(page: Page, name: string): Promise<void> {
  if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/${name}.png` });
}

/**
 * Keeps every RTCPeerConnection the context's pages make in `window.peerConnections` (before the app loads), so
 * the test can read the call's own RTP statistics, as `chrome://webrtc-internals` would show them.
 */
export async function keepPeerConnections(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const Native = window.RTCPeerConnection;
    const kept: RTCPeerConnection[] = [];
    window.peerConnections = kept;
    window.RTCPeerConnection = class extends Native {
      constructor(...args: ConstructorParameters<typeof RTCPeerConnection>) {
        super(...args);
        kept.push(this);
      }
    };
  });
}

/** What the page's newest call received and sent (its `inbound-rtp` / `outbound-rtp` audio reports). */
export interface AudioFlow {
  packetsReceived: number;
  bytesReceived: number;
  /** The received audio's level now (0–1) and its energy so far (the sum of level² × seconds). */
  audioLevel: number;
  totalAudioEnergy: number;
  packetsSent: number;
}

export async function audioFlow(page: Page): Promise<AudioFlow> {
  return page.evaluate(async () => {
    const pc = window.peerConnections?.at(-1);
    const flow = { packetsReceived: 0, bytesReceived: 0, audioLevel: 0, totalAudioEnergy: 0, packetsSent: 0 };
    if (!pc) return flow;
    (await pc.getStats()).forEach((report: Record<string, unknown>) => {
      if (report.kind !== 'audio') return;
      if (report.type === 'inbound-rtp') {
        flow.packetsReceived = Number(report.packetsReceived ?? 0);
        flow.bytesReceived = Number(report.bytesReceived ?? 0);
        flow.audioLevel = Number(report.audioLevel ?? 0);
        flow.totalAudioEnergy = Number(report.totalAudioEnergy ?? 0);
      } else if (report.type === 'outbound-rtp') {
        flow.packetsSent = Number(report.packetsSent ?? 0);
      }
    });
    return flow;
  });
}

/** Records what the `<audio>` element of `speakerTestId` plays: 8 kHz 16-bit samples into `window.heardSamples`. */
export async function recordWhatIsHeard(page: Page, speakerTestId: string): Promise<void> {
  await page.waitForFunction(
    (testId) => (document.querySelector(`[data-testid="${testId}"]`) as HTMLAudioElement | null)?.srcObject,
    speakerTestId,
  );
  await page.evaluate((testId) => {
    const speaker = document.querySelector(`[data-testid="${testId}"]`) as HTMLAudioElement;
    const ctx = new AudioContext({ sampleRate: 8000 });
    const source = ctx.createMediaStreamSource(speaker.srcObject as MediaStream);
    const recorder = ctx.createScriptProcessor(1024, 1, 1);
    const heard: number[] = [];
    window.heardSamples = heard;
    recorder.onaudioprocess = (event) => {
      for (const sample of event.inputBuffer.getChannelData(0)) heard.push(Math.round(Math.max(-1, Math.min(1, sample)) * 32767));
    };
    source.connect(recorder);
    recorder.connect(ctx.destination);
    void ctx.resume();
  }, speakerTestId);
}

export async function heardSoFar(page: Page): Promise<number[]> {
  return page.evaluate(() => window.heardSamples ?? []);
}

function rawFile(dir: string, name: string, samples: number[]): string {
  const path = join(dir, name);
  writeFileSync(path, Buffer.from(new Int16Array(samples).buffer));
  return path;
}

/** The demo scenario's lines the recogniser listens for: the opening's first word, the price answer's last sentence. */
export const DEMO_PHRASES = ['hello', 'do you have a minute', 'shall i renew it for you', 'thank you for your time goodbye'];

/**
 * Where the recording is cut between the opening and the answer: `mark` (how much was heard when the page showed the
 * callee's question), moved back to the start of the sound it falls in. The page shows the line a little after the
 * recogniser's final, and an answer started preemptively is heard from the final on: its first words may already be
 * in the recording at `mark`. The AI's side was quiet while the callee asked (300 ms and more: the question itself).
 */
function cutBeforeAnswer(heard: number[], mark: number): number {
  const frame = 160;
  const loud = (at: number) => {
    let sum = 0;
    for (let i = at; i < at + frame; i++) sum += (heard[i] ?? 0) ** 2;
    return Math.sqrt(sum / frame) >= 300;
  };
  let quiet = 0;
  for (let at = Math.floor(mark / frame) * frame - frame; at >= 0; at -= frame) {
    quiet = loud(at) ? 0 : quiet + 1;
    if (quiet * 20 >= 300) return at + quiet * frame;
  }
  return mark;
}

/** What the server's recogniser hears in the recording before `mark` (the opening) and from it (the answer). */
export function recognised(dir: string, heard: number[], at: number, phrases = DEMO_PHRASES): [string[], string[]] {
  const mark = cutBeforeAnswer(heard, at);
  const output = execFileSync(
    'npx',
    [
      'tsx',
      'test/recognise-clips.ts',
      join(dir, 'speech'),
      phrases.join('|'),
      rawFile(dir, 'opening.raw', heard.slice(0, mark)),
      rawFile(dir, 'answer.raw', heard.slice(mark)),
    ],
    { cwd: SERVER, encoding: 'utf8' },
  );
  return JSON.parse(output) as [string[], string[]];
}
