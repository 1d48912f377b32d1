/**
 * bench:heard — what a callee hears: how long after they stop talking the answer starts, measured from the
 * recordings, not from the runtime's own clock.
 *
 * N demo conversations at once, at real time, on the simulated trunk: the demo task's real plan (seeded into a
 * scratch embedded database: its prologue, routers, referee, main stream, filler, silence rules) against the
 * demo model served by our own routes at its real pace (first token 250 ms, a token every 35 ms). Each call is
 * recorded in stereo (the callee left, us right). Our side speaks with espeak-ng (`--speech`, the offline TTS the
 * demo's recordings use: synthesis time counts) or a voiced stand-in as long as the line; the callee's side is
 * the trunk's synthetic voice while they talk.
 *
 * From each recording: voiced segments per channel (20 ms frames over an energy threshold, gaps under 300 ms
 * bridged). For every end of a callee segment, the first onset on our channel after it is the answer — unless the
 * transcript says the line that started there is a filler (then it counts as a filler heard and the next onset
 * is the answer; our opening after a callee's hello is not an answer: its wait is printed apart). Printed: heard
 * latency p50/p95 (goals ≤ 800 / ≤ 1,200 ms), the runtime's own heardAfterMs
 * beside it, and per run: callee lines said over ours (their voice overlaps ours in the recording: answered by
 * the line they met, so neither of the next two counts holds them against us), double callee lines (two customer
 * lines with no answer between), repeated answers
 * (the same AI answer twice in a row), early wake-ups (a wake-up starting within the silence setting of the end
 * of the last voice on either channel), answers cut before a word was heard, fillers heard, and the calls whose
 * every callee question got an answer. With the preemptive generation count when the runtime reports it.
 *
 *   npm run bench:heard [-- 50] [--speech]
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConverseStep } from '../../apps/server/src/conversation/converse-step.ts';
import { conversationOf } from '../../apps/server/src/conversation/history.ts';
import { TextCallVoice } from '../../apps/server/src/conversation/text-call-voice.ts';
import { offlineVoice, wholeClip } from '../../apps/server/src/speech/whole-clip.ts';
import { EspeakTts } from '../../apps/server/src/speech/espeak-tts.ts';
import { speakingMs } from '../../apps/server/src/audio/pcm.ts';
import { WAV_HEADER_BYTES } from '../../apps/server/src/telephony/media/wav-writer.ts';
import { CallSession, type Persona, SimulatedTrunk } from '../../apps/server/src/telephony/index.ts';
import { percentile, repeatedAnswers, saveTranscripts, startDemo } from './demo.ts';

const args = process.argv.slice(2);
const N = Number(args[0] && /^\d+$/.test(args[0]) ? args[0] : 50);
const SPEECH = args.includes('--speech');
/** `--endpointing <ms>`: callee turns end as a speech call's do (a partial at the end of speech, the final after this adaptive delay). */
const ENDPOINTING = args.includes('--endpointing') ? Number(args[args.indexOf('--endpointing') + 1]) || 0 : 0;
const PREEMPTIVE = !args.includes('--no-preemptive');
const FRAME = 160;
const THRESHOLD = 400;
const BRIDGE_MS = 300;
const PERSONAS: Persona[] = ['interested', 'interested', 'interested', 'not_interested', 'wants_human'];

const work = mkdtempSync(join(tmpdir(), 'dialwise-heard-'));
const recordings = join(work, 'recordings');
mkdirSync(recordings, { recursive: true });

// The demo task's plan, as `npm start` seeds it, and the demo model at its real pace.
const demo = await startDemo(work);
const { plan, prompts } = demo;
const silenceMs = (plan.advanced.silenceThresholdSeconds ?? plan.scenario.silence.timeoutSeconds) * 1000;

const tts = SPEECH ? new EspeakTts() : null;
/** Our voice: espeak-ng, or a voiced stand-in as long as the line would take to say. */
const ourVoice = async (text: string): Promise<Int16Array | null> =>
  tts ? wholeClip(tts, text, offlineVoice(plan.language)) : voiced(speakingMs(text));

function voiced(ms: number): Int16Array {
  const out = new Int16Array(Math.round(ms * 8));
  for (let i = 0; i < out.length; i++) out[i] = Math.round(Math.sin((2 * Math.PI * 180 * i) / 8000) * 6000);
  return out;
}

interface Outcome {
  path: string;
  lines: ReturnType<typeof conversationOf>;
  turns: ConverseStep['turns'];
  preemption: ConverseStep['preemption'];
}

const trunk = new SimulatedTrunk({
  recordingsDir: recordings,
  seed: 27,
  timeScale: 1,
  mix: { answered: 1 },
  plan: (request) => ({
    outcome: 'answered',
    ringMs: 300,
    talkMs: 40_000 + (Number(request.to.slice(-3)) % 20) * 1000,
    persona: PERSONAS[Number(request.to.slice(-3)) % PERSONAS.length]!,
  }),
});

const load = loadavg();
console.log(
  `bench:heard — ${N} demo conversations at once, real time, ${SPEECH ? 'espeak-ng' : 'voiced stand-in'} for our side, endpointing ${ENDPOINTING ? `${ENDPOINTING} ms (adaptive)` : 'none (final at the end of speech)'}, preemptive ${PREEMPTIVE ? 'on' : 'off'}; load average ${load.map((x) => x.toFixed(2)).join(' ')} at start`,
);
const started = performance.now();
const outcomes: Outcome[] = await Promise.all(
  Array.from({ length: N }, async (_, i): Promise<Outcome> => {
    const path = join(recordings, `call-${i}.wav`);
    const call = trunk.dial({
      to: `13900000${String(i).padStart(3, '0')}`,
      callerId: '0',
      line: { username: 'u', password: 'p', domain: 'sim', port: 5060 },
      ringTimeoutMs: 10_000,
      recordingPath: path,
    });
    const step = new ConverseStep({
      plan,
      call: { prologueInfo: `Hello Li ${String.fromCharCode(65 + (i % 26))}.`, businessInfo: { plan: 'gold' } },
      createVoice: (session) => new TextCallVoice(session.call, 1, ourVoice, ENDPOINTING),
      preemptive: PREEMPTIVE,
      seats: null,
      transfer: { callId: randomUUID(), companyId: 'c', projectId: 'p', taskId: demo.taskId, subtaskId: String(i) },
    });
    await new CallSession(call, [step]).run();
    return { path, lines: conversationOf(step.history), turns: step.turns, preemption: step.preemption };
  }),
);
const seconds = (performance.now() - started) / 1000;
saveTranscripts(outcomes.map((o) => o.lines));
await trunk.close();
await tts?.close();
await demo.close();

/** Voiced segments [startMs, endMs) of one channel of a stereo WAV. */
function segments(samples: Int16Array, channel: 0 | 1): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  const frames = Math.floor(samples.length / 2 / FRAME);
  let open: [number, number] | null = null;
  for (let f = 0; f < frames; f++) {
    let sum = 0;
    for (let i = 0; i < FRAME; i++) {
      const v = samples[(f * FRAME + i) * 2 + channel]!;
      sum += v * v;
    }
    const loud = Math.sqrt(sum / FRAME) > THRESHOLD;
    const at = f * 20;
    if (!loud) continue;
    if (open && at - open[1] <= BRIDGE_MS) open[1] = at + 20;
    else {
      if (open) out.push(open);
      open = [at, at + 20];
    }
  }
  if (open) out.push(open);
  return out;
}

const heard: number[] = [];
/** The same, for answers the model wrote (not a tool's fixed text, which is said at once). */
const heardModel: number[] = [];
const fixedTexts = new Set<string>([
  ...plan.scenario.tools.flatMap((tool) => (tool.kind === 'hangup' ? [tool.text] : [tool.successText, tool.failureText])),
  plan.scenario.fallbackText,
  plan.advanced.timeoutReply ?? '',
]);
const fixed = (text: string) =>
  [...fixedTexts].some((t) => t && text.startsWith(t.slice(0, 20))) || /still no colleague|say that again/i.test(text);
const runtime: number[] = [];
/** A callee's hello before our opening → the opening's onset (synthesis of 50 openings at once delays them). */
const openingWaits: number[] = [];
let doubles = 0;
let linesOver = 0;
let repeats = 0;
let earlyWakeups = 0;
let wakeups = 0;
let cutBeforeWord = 0;
let fillers = 0;
let answered = 0;
let callsWithQuestions = 0;
let callsAllAnswered = 0;

for (const outcome of outcomes) {
  const bytes = readFileSync(outcome.path);
  const samples = new Int16Array(bytes.buffer, bytes.byteOffset + WAV_HEADER_BYTES, (bytes.length - WAV_HEADER_BYTES) / 2);
  const callee = segments(samples, 0);
  const ours = segments(samples, 1);
  const lines = outcome.lines;
  // The recording starts at the INVITE; the transcript at the answer: align on our first onset (the opening).
  const offset = (ours[0]?.[0] ?? 0) - (lines.find((line) => line.speaker === 'ai')?.atMs ?? 0);
  const lineAt = (atMs: number) => lines.filter((line) => line.speaker === 'ai').find((line) => Math.abs(line.atMs + offset - atMs) <= 200);
  for (const [, end] of callee) {
    // The first onset of ours after the callee stopped that is not a filler, and before they speak again.
    const nextCallee = callee.find(([start]) => start > end)?.[0] ?? Number.POSITIVE_INFINITY;
    for (const [start] of ours.filter(([s]) => s >= end && s < nextCallee)) {
      const line = lineAt(start);
      if (line?.filler) continue;
      if (line && prompts.has(line.text)) break;
      // Their hello before our opening: the opening is not an answer to it (how long they wait for it is apart).
      if (start === ours[0]?.[0]) {
        openingWaits.push(start - end);
        break;
      }
      heard.push(start - end);
      if (line && !fixed(line.text)) heardModel.push(start - end);
      break;
    }
  }
  for (const turn of outcome.turns) if (turn.heardAfterMs !== null) runtime.push(turn.heardAfterMs);
  const spoken = lines.filter((line) => !line.filler);
  /**
   * A customer line said over one of ours (its voice in the recording overlaps ours: "Hello?" as our opening
   * starts) is answered by the line it met, not by an answer of its own: not a double line, not an unanswered question.
   */
  const saidOver = (line: (typeof lines)[number]) => {
    const at = line.atMs + offset;
    // Its voice: the last callee segment ending before the final, by up to the endpointing delay (its longest
    // adaptive value) and some slack (timers and the frame clock differ by a few hundred ms under load).
    const earliest = at - (ENDPOINTING * 1.6 + 400);
    const own = callee.filter(([, end]) => end <= at + 400 && end >= earliest).at(-1) ?? null;
    return own !== null && ours.some(([start, end]) => start < own[1] && own[0] < end);
  };
  const over = new Set(spoken.filter((line) => line.speaker === 'customer' && saidOver(line)));
  linesOver += over.size;
  for (let i = 1; i < spoken.length; i++) {
    if (spoken[i]!.speaker !== 'customer' || spoken[i - 1]!.speaker !== 'customer' || over.has(spoken[i - 1]!)) continue;
    doubles++;
    if (process.env.BENCH_VERBOSE) console.log(`double: ${JSON.stringify(spoken.slice(Math.max(0, i - 3), i + 2))}`);
  }
  for (const repeated of repeatedAnswers(lines, prompts)) {
    repeats++;
    if (process.env.BENCH_VERBOSE)
      console.log(
        `repeated: ${repeated}\n${lines.map((l) => `  ${l.atMs} ${l.speaker}${l.interrupted ? ' (cut)' : ''}${l.filler ? ' (filler)' : ''}: ${l.text}`).join('\n')}\n${JSON.stringify(outcome.turns.map((t) => [t.action, t.route, t.user, t.speechEndMs, t.finalAtMs, t.interrupted]))}`,
      );
  }
  fillers += lines.filter((line) => line.filler).length;
  for (const line of lines.filter((l) => l.speaker === 'ai' && prompts.has(l.text))) {
    wakeups++;
    const at = line.atMs + offset;
    const lastVoice = Math.max(...[...callee, ...ours].filter(([start]) => start < at - 20).map(([, end]) => end), 0);
    if (at - lastVoice < silenceMs - 100) earlyWakeups++;
  }
  for (const turn of outcome.turns.filter((t) => t.action === 'answer')) {
    answered++;
    if (turn.interrupted && turn.firstAudioMs === null) cutBeforeWord++;
  }
  const questions = spoken
    .map((line, i) => ({ line, i }))
    .filter(({ line }) => line.speaker === 'customer' && line.text.endsWith('?') && !over.has(line));
  if (questions.length > 0) {
    callsWithQuestions++;
    if (questions.every(({ i }) => spoken[i + 1]?.speaker === 'ai')) callsAllAnswered++;
  }
}

const pct = percentile;
console.log(
  `ran ${seconds.toFixed(0)} s; load average ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')} at the end`,
);
console.log(
  `heard latency (recordings, end of callee speech → onset of the answer): ${heard.length} turns, p50 ${pct(heard, 50)} ms, p95 ${pct(heard, 95)} ms (goals ≤ 800 / ≤ 1,200)`,
);
console.log(`  of which the model's answers: ${heardModel.length} turns, p50 ${pct(heardModel, 50)} ms, p95 ${pct(heardModel, 95)} ms`);
console.log(
  openingWaits.length === 0
    ? "a callee's hello before our opening: none in this run"
    : `a callee's hello before our opening → the opening: ${openingWaits.length} calls, p50 ${pct(openingWaits, 50)} ms, p95 ${pct(openingWaits, 95)} ms`,
);
const pre = outcomes.reduce(
  (sum, o) => ({
    started: sum.started + o.preemption.started,
    used: sum.used + o.preemption.used,
    cancelled: sum.cancelled + o.preemption.cancelled,
    extra: sum.extra + o.preemption.extraRequests,
  }),
  { started: 0, used: 0, cancelled: 0, extra: 0 },
);
const turnsTotal = outcomes.reduce((n, o) => n + o.turns.filter((t) => t.user).length, 0);
console.log(
  `preemptive generation: ${pre.started} started, ${pre.used} used, ${pre.cancelled} cancelled; extra model requests ${pre.extra} (${((100 * pre.extra) / Math.max(1, turnsTotal)).toFixed(1)} per 100 callee turns) of ${demo.modelRequests} model requests in all (${(demo.modelRequests / N).toFixed(1)} a call)`,
);
console.log(
  `heardAfterMs (the runtime's own, on the record): ${runtime.length} turns, p50 ${pct(runtime, 50)} ms, p95 ${pct(runtime, 95)} ms`,
);
console.log(
  `callee lines said over ours ${linesOver}; double callee lines ${doubles}; repeated answers ${repeats}; wake-ups ${wakeups}, early ${earlyWakeups}; answers ${answered}, cut before a word ${cutBeforeWord}; fillers heard ${fillers}`,
);
console.log(
  `calls where every callee question was answered: ${callsAllAnswered} of ${callsWithQuestions} with questions (${((100 * callsAllAnswered) / Math.max(1, callsWithQuestions)).toFixed(0)} %; goal ≥ 95 %)`,
);
rmSync(work, { recursive: true, force: true });
process.exit(0);
