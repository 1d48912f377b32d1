/**
 * bench:webcall:heard — the wait a browser tester hears: end of their question → first audio of the answer,
 * read from the page's own audio (issue 31's goal: p50 ≤ 900 ms with the demo model, first token 250 ms).
 *
 * Our server runs as a child process as `npm start` runs it (fresh embedded database with the demo data, the web
 * build, the dialer off: only the test calls run), and N Debian Chromium pages (one browser each: the fake
 * microphone's file is a browser's flag) sign in as DEV accounts of their own (the bench's limit is 3 open
 * conversations per user) and talk to the demo scenario in the test bench's voice mode. Each page's microphone
 * is Chromium's fake capture playing a WAV made here with espeak-ng: a lead-in (staggered per page), "How much
 * does it cost?", then silence up to a 14 s period (the file loops: one question every 14 s, time for the
 * whole answer between, and the next question comes before the scenario's 6 s silence wake-up). The page records both ends of its call in one AudioContext (bench/webcall/page-recorder.ts:
 * the microphone's track as sent, and the received track as played), so the question's end and the answer's
 * onset are on one sample clock whatever the loop's phase; apps/server/test/heard-latency.ts finds them (20 ms
 * energy frames). Fillers are skipped by the bench's events, which the page copies with their arrival time: the
 * answer is searched from the first AI line not marked `filler` after the callee's recognised question (300 ms
 * early: the event may reach the page after the audio on a busy page), and after the filler's own audio when
 * one was said. A question said over a line of ours (a barge-in) is not timed, nor one the recogniser missed.
 *
 * Printed per N: p50/p95/count of the page's figure, the server's heardAfterMs for the same turns (the runtime's
 * view: its end-of-speech estimate → the first frame of the answer leaving), their difference (the two WebRTC
 * hops, the browser's jitter buffer and the VAD's view of the end of speech), the page's mean jitter buffer
 * delay, the turn's stages (endpointing, first token, first sentence), the server's CPU and the load average.
 *
 *   npm run bench:webcall:heard [-- 1,5,10]     (BENCH_PORT, default 4600; BENCH_CALL_S, default 80; BENCH_KEEP=<dir>
 *   keeps each call's recording and events as JSON)
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser } from '@playwright/test';
import { percentile } from '../heard/demo.ts';
import { FRAME_SAMPLES, rms } from '../../apps/server/src/audio/pcm.ts';
import { firstOnset, questionWaits, voicedFrames, voicedSegments } from '../../apps/server/test/heard-latency.ts';
import { apiCaller, CALL_CONNECTED, CHROMIUM, launchWithMicrophone, openVoiceBench, signedInContext } from './chromium-pages.ts';
import { type PageRecording, START_RECORDING, TAKE_RECORDING } from './page-recorder.ts';

const SIZES = (process.argv[2] ?? '1,5,10').split(',').map(Number);
const PORT = Number(process.env.BENCH_PORT ?? 4600);
const BASE = `http://127.0.0.1:${PORT}`;
const CALL_MS = Number(process.env.BENCH_CALL_S ?? 80) * 1000;
const PERIOD_S = 14;
const PASSWORD = 'Bench@2026x';
const ROOT = resolve(import.meta.dirname, '../..');
const VOICES = ['en-us', 'en-us+f3', 'en-us+m3'];
const work = mkdtempSync(join(tmpdir(), 'dialwise-bench-webcall-heard-'));
const log = (text: string) => console.log(text);
const load = () =>
  loadavg()
    .map((x) => x.toFixed(1))
    .join(' ');

// The page is built as the e2e suite builds it (BENCH_NO_BUILD=1: the build there is current).
if (!process.env.BENCH_NO_BUILD) execFileSync('npm', ['run', 'build', '-w', '@dialwise/web'], { cwd: ROOT, stdio: 'ignore' });

const server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
  cwd: join(ROOT, 'apps/server'),
  env: {
    ...process.env,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATA_DIR: join(work, 'data'),
    LOG_LEVEL: 'warn',
    DEMO_PASSWORD: PASSWORD,
    DIALER: 'off',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const stopServer = () => server.kill('SIGTERM');
process.on('exit', stopServer);
for (let i = 0; ; i++) {
  if (
    await fetch(`${BASE}/api/health`).then(
      (r) => r.ok,
      () => false,
    )
  )
    break;
  if (i > 600 || server.exitCode !== null) throw new Error('the server did not start');
  await new Promise((r) => setTimeout(r, 500));
}

/** The server's CPU time so far (ms), from /proc. */
function serverCpuMs(): number {
  const fields = readFileSync(`/proc/${server.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

const call = apiCaller(BASE);
const signIn = (username: string) =>
  call<{ token: string }>('/api/user/login', { username, password: PASSWORD, role: 'admin', force: true }).then((d) => d.token);

// One DEV account per page, made by the demo DEV through the accounts API.
const devToken = await signIn('dev');
const pageCount = Math.max(...SIZES);
const tokens: string[] = [];
for (let i = 1; i <= pageCount; i++) {
  await call(
    '/api/accounts/create',
    {
      username: `benchdev${i}`,
      alias: `Bench ${i}`,
      email: `benchdev${i}@dialwise.example`,
      phoneNumber: `139${String(i).padStart(8, '0')}`,
      authLevel: 'DEV',
      password: PASSWORD,
    },
    devToken,
  );
  tokens.push(await signIn(`benchdev${i}`));
}

/** Page i's microphone: its lead-in, the question, silence to the period; and where the speech ends in it. */
function microphoneFile(i: number, n: number): { path: string; speechMs: number } {
  const spoken = join(work, `spoken-${i}.wav`);
  execFileSync('espeak-ng', ['-v', VOICES[i % VOICES.length]!, '-s', '150', '-w', spoken, 'How much does it cost?']);
  const clip = join(work, `clip-${i}.raw`);
  execFileSync('sox', ['-R', spoken, '-r', '8000', '-c', '1', '-b', '16', '-e', 'signed-integer', clip]);
  const bytes = readFileSync(clip);
  const samples = new Int16Array(bytes.buffer, bytes.byteOffset, bytes.length / 2);
  const frames = Math.floor(samples.length / FRAME_SAMPLES);
  const loud = (f: number) => rms(samples.subarray(f * FRAME_SAMPLES, (f + 1) * FRAME_SAMPLES)) >= 400;
  let first = 0;
  let last = frames - 1;
  while (first < frames && !loud(first)) first++;
  while (last > 0 && !loud(last)) last--;
  const clipS = samples.length / 8000;
  const leadS = 0.5 + ((i % n) * (PERIOD_S - clipS - 2)) / n;
  const path = join(work, `microphone-${i}.wav`);
  execFileSync('sox', ['-R', spoken, '-r', '48000', '-c', '1', '-b', '16', path, 'pad', String(leadS), String(PERIOD_S - leadS - clipS)]);
  return { path, speechMs: (last + 1 - first) * 20 };
}

interface Timed {
  pageMs: number;
  /** The microphone's end of speech → the server's (its VAD's end of speech, on the page's clock). */
  upMs: number | null;
  /** The answer's first frame leaving the server → its first audio in the page. */
  downMs: number | null;
  serverMs: number | null;
  endpointMs: number | null;
  firstTokenMs: number | null;
  firstSentenceMs: number | null;
  firstAudioMs: number | null;
}
interface CallOutcome {
  timed: Timed[];
  saidOver: number;
  unanswered: number;
  fillers: number;
  questions: number;
  /** Voiced stretches on the microphone channel that are not the question's length (±300 ms): cut by the call's start or end. */
  odd: number;
  jitterBufferMs: number | null;
  jitterBufferTargetMs: number | null;
  packetsReceived: number;
  packetsLost: number;
  missingFrames: number;
}

type BenchEvent = { atMs: number } & (
  | { type: 'said'; speaker: 'ai' | 'customer'; text: string; filler?: boolean }
  | {
      type: 'turn';
      timing: {
        action: string;
        user: string;
        speechEndMs: number | null;
        finalAtMs: number | null;
        llmFirstTokenMs: number | null;
        firstSentenceMs: number | null;
        firstAudioMs: number | null;
        heardAfterMs?: number | null;
      };
    }
  | { type: string }
);

function analyse(recording: PageRecording, speechMs: number): CallOutcome {
  const decode = (b64: string) => {
    const bytes = Buffer.from(b64, 'base64');
    return new Int16Array(bytes.buffer, bytes.byteOffset, bytes.length / 2);
  };
  const said = decode(recording.said);
  const heard = decode(recording.heard);
  const ours = voicedFrames(heard);
  const toMs = (at: number) => at - recording.offsetMs - (recording.firstFrame / recording.rate) * 1000;
  const events = recording.events.map(({ at, event }) => ({ ms: toMs(at), event: event as BenchEvent }));
  // The server's clock (ms since the call was answered) on the recording's: events reach the page a few ms after
  // they are pushed, so the smallest difference is the offset.
  const serverOffset = Math.min(...events.map((e) => e.ms - e.event.atMs));
  let fillers = 0;
  /** Per timed question, the turn that answered it (its server-side timings) and its final on the page's clock. */
  const turnOf = new Map<number, { timing: Extract<BenchEvent, { type: 'turn' }>['timing']; finalMs: number }>();
  const waits = questionWaits(said, heard, {
    knownSpeechMs: speechMs,
    knownSlackMs: 300,
    answerFrom: ({ endMs, nextStartMs }) => {
      const final = events.find(
        (e) => e.ms > endMs && e.ms < nextStartMs && e.event.type === 'said' && 'speaker' in e.event && e.event.speaker === 'customer',
      );
      if (!final) return null;
      const after = events.filter((e) => e.ms > final.ms && e.ms < nextStartMs);
      const lines = after.filter((e) => e.event.type === 'said' && 'speaker' in e.event && e.event.speaker === 'ai');
      const answer = lines.find((e) => !(e.event as { filler?: boolean }).filler);
      if (!answer) return null;
      const turn = after.find((e) => e.event.type === 'turn' && 'timing' in e.event && e.event.timing.action === 'answer');
      if (turn && 'timing' in turn.event) turnOf.set(endMs, { timing: turn.event.timing, finalMs: final.event.atMs + serverOffset });
      const filler = lines.filter((e) => e.ms < answer.ms).at(-1);
      if (!filler) return answer.ms - 300;
      fillers++;
      // The filler's audio is heard first: the answer is the next onset after it.
      const fillerOnset = firstOnset(ours, filler.ms - 300, nextStartMs);
      return Math.max(answer.ms - 300, (fillerOnset ?? endMs) + 20);
    },
  });
  const timed: Timed[] = [];
  for (const wait of waits) {
    if (wait.waitMs === null) continue;
    const answered = turnOf.get(wait.endMs);
    const turn = answered?.timing;
    // The turn's times count from the call's answer, the events' from the bench session's start: the final is on
    // both clocks, so the VAD's end of speech and the first frame sent go on the page's clock through it.
    const serverEnd =
      answered && turn?.speechEndMs != null && turn.finalAtMs !== null ? answered.finalMs - (turn.finalAtMs - turn.speechEndMs) : null;
    const sent = serverEnd !== null && turn?.heardAfterMs != null ? serverEnd + turn.heardAfterMs : null;
    timed.push({
      pageMs: wait.waitMs,
      upMs: serverEnd === null ? null : serverEnd - wait.endMs,
      downMs: sent === null ? null : wait.endMs + wait.waitMs - sent,
      serverMs: turn?.heardAfterMs ?? null,
      endpointMs: turn && turn.finalAtMs !== null && turn.speechEndMs !== null ? turn.finalAtMs - turn.speechEndMs : null,
      firstTokenMs: turn?.llmFirstTokenMs ?? null,
      firstSentenceMs: turn?.firstSentenceMs ?? null,
      firstAudioMs: turn?.firstAudioMs ?? null,
    });
  }
  return {
    timed,
    saidOver: waits.filter((w) => w.saidOver).length,
    unanswered: waits.filter((w) => !w.saidOver && w.waitMs === null).length,
    fillers,
    questions: waits.length,
    odd: voicedSegments(voicedFrames(said)).length - waits.length,
    jitterBufferMs: recording.jitterBufferMs,
    jitterBufferTargetMs: recording.jitterBufferTargetMs,
    packetsReceived: recording.packetsReceived,
    packetsLost: recording.packetsLost,
    missingFrames: recording.missingFrames,
  };
}

/** One page: its own browser and microphone file, signed in as its DEV, in the bench's voice mode; `rounds` calls. */
async function runPage(i: number, n: number, rounds: number, browsers: Browser[], callMs = CALL_MS): Promise<CallOutcome[]> {
  const microphone = microphoneFile(i, n);
  const browser = await launchWithMicrophone(microphone.path);
  browsers.push(browser);
  const page = await (await signedInContext(browser, BASE, tokens[i]!)).newPage();
  page.setDefaultTimeout(60_000);
  const bench = await openVoiceBench(page);
  const outcomes: CallOutcome[] = [];
  for (let round = 0; round < rounds; round++) {
    await bench.getByTestId('bench-start').click();
    await page.waitForFunction(CALL_CONNECTED);
    await page.evaluate(START_RECORDING);
    // The demo's referee ends a call after its seventh answer; a call still going at CALL_MS is hung up.
    const ended = bench.getByTestId('bench-ended');
    await ended.waitFor({ timeout: callMs }).catch(async () => {
      await bench.getByTestId('bench-hangup').click();
      await ended.waitFor();
    });
    const recording = (await page.evaluate(TAKE_RECORDING)) as PageRecording;
    if (process.env.BENCH_KEEP)
      writeFileSync(
        join(process.env.BENCH_KEEP, `page-${n}-${i}-${round}.json`),
        JSON.stringify({ ...recording, speechMs: microphone.speechMs }),
      );
    outcomes.push(analyse(recording, microphone.speechMs));
  }
  await browser.close();
  return outcomes;
}

const median = (values: readonly (number | null)[]) =>
  Math.round(
    percentile(
      values.filter((v): v is number => v !== null),
      50,
    ),
  );

log(
  `bench:webcall:heard, ${new Date().toISOString()}, ${(await import('node:os')).cpus().length} CPUs, Chromium ${execFileSync(CHROMIUM, ['--version'], { encoding: 'utf8' }).trim().split(' ')[1]}; demo model (first token 250 ms), offline speech; load average ${load()}`,
);
// A first call loads the speech engines (the first voice call of a process waits for them, and its turns' clocks
// are off by the load); not counted.
await runPage(0, 1, 1, [], 10_000);
for (const n of SIZES) {
  const rounds = Math.max(1, Math.ceil(3 / n));
  const cpuBefore = serverCpuMs();
  const started = performance.now();
  const loadBefore = load();
  const browsers: Browser[] = [];
  const results = await Promise.allSettled(Array.from({ length: n }, (_, i) => runPage(i, n, rounds, browsers)));
  const seconds = (performance.now() - started) / 1000;
  const serverCpu = (serverCpuMs() - cpuBefore) / 10 / seconds;
  await Promise.all(browsers.map((b) => b.close().catch(() => undefined)));
  const failed = results.filter((r) => r.status === 'rejected');
  for (const failure of failed) console.error(`a page failed: ${String((failure as PromiseRejectedResult).reason).split('\n')[0]}`);
  const calls = results.flatMap((r) => (r.status === 'fulfilled' ? r.value : []));
  const timed = calls.flatMap((c) => c.timed);
  const page = timed.map((t) => t.pageMs);
  const paired = timed.filter((t) => t.serverMs !== null);
  const sum = (pick: (c: CallOutcome) => number) => calls.reduce((s, c) => s + pick(c), 0);
  log(
    `\n${n} page(s) × ${rounds} call(s), ${seconds.toFixed(0)} s; load average ${loadBefore} → ${load()}; server ${serverCpu.toFixed(0)} % of a core${failed.length ? `; ${failed.length} page(s) failed` : ''}`,
  );
  log(
    `  heard by the page (end of question → first audio of the answer): ${page.length} answers, p50 ${percentile(page, 50)} ms, p95 ${percentile(page, 95)} ms (goal p50 ≤ 900)`,
  );
  log(
    `  heardAfterMs (the server's view) of the same turns: p50 ${median(paired.map((t) => t.serverMs))} ms, p95 ${percentile(
      paired.map((t) => t.serverMs!),
      95,
    )} ms; page − server per turn: p50 ${median(paired.map((t) => t.pageMs - t.serverMs!))} ms`,
  );
  log(
    `  where the page's wait goes (medians, the server's clock put on the page's by the events): the microphone's end of speech → the server's VAD end of speech ${median(timed.map((t) => t.upMs))} ms; the answer's first frame sent → heard in the page ${median(timed.map((t) => t.downMs))} ms`,
  );
  log(
    `  the turn's stages (medians): end of speech → final ${median(timed.map((t) => t.endpointMs))} ms; from the turn's start (the speculation's start — the VAD's first quiet window, or its end of speech — when the answer was started preemptively, else the final): first token ${median(timed.map((t) => t.firstTokenMs))} ms, first sentence ${median(timed.map((t) => t.firstSentenceMs))} ms, first audio ${median(timed.map((t) => t.firstAudioMs))} ms`,
  );
  log(
    `  the page: jitter buffer mean delay ${median(calls.map((c) => c.jitterBufferMs)).toFixed(0)} ms, target ${median(calls.map((c) => c.jitterBufferTargetMs)).toFixed(0)} ms (medians over calls); packets ${sum((c) => c.packetsReceived)} received, ${sum((c) => c.packetsLost)} lost; audio frames the page skipped ${sum((c) => c.missingFrames)}`,
  );
  log(
    `  questions ${sum((c) => c.questions)}: timed ${page.length}, said over ours ${sum((c) => c.saidOver)}, unanswered or not recognised ${sum((c) => c.unanswered)}, after a filler ${sum((c) => c.fillers)}; not the file's length on the microphone ${sum((c) => c.odd)}`,
  );
}
stopServer();
rmSync(work, { recursive: true, force: true });
process.exit(0);
