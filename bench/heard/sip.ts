/**
 * bench:heard:sip — what a callee hears over real SIP: the same demo conversations as bench:heard, but each call
 * goes out through our SIP trunk to a far end of our own on loopback (test/speaking-far-end.ts: a UAS that
 * answers, speaks espeak-ng lines over RTP and keeps every sample it hears), and our side listens and speaks
 * with the offline engines a speech call uses (Silero VAD, pocketsphinx on the scenario's grammar, espeak-ng,
 * the adaptive endpointing, preemptive generation). The demo model answers at its real pace.
 *
 * Timed from the audio the callee heard: for each far-end line, end of its speech (the clip's last voiced
 * frame) → the first voiced frame of ours after it in what the far end received. Printed beside the runtime's
 * own heardAfterMs (where the RTP leaves), with the lines the recogniser got right, repeated answers and
 * lines left unanswered.
 *
 *   npm run bench:heard:sip [-- 10]
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { performance } from 'node:perf_hooks';
import { join } from 'node:path';
import { ConverseStep } from '../../apps/server/src/conversation/converse-step.ts';
import { conversationOf } from '../../apps/server/src/conversation/history.ts';
import { Speculation, SpeculationSlot } from '../../apps/server/src/conversation/preemptive.ts';
import type { SpeechCallVoice } from '../../apps/server/src/speech/speech-call-voice.ts';
import { SpeechEngines, speechPlanOf } from '../../apps/server/src/speech/speech-engines.ts';
import { normalizePhrase } from '../../apps/server/src/speech/sphinx-grammar.ts';
import { offlineVoice, wholeClip } from '../../apps/server/src/speech/whole-clip.ts';
import { rms } from '../../apps/server/src/audio/pcm.ts';
import { CallSession, SipTrunk } from '../../apps/server/src/telephony/index.ts';
import { type SpeakingFarEnd, startSpeakingFarEnd } from '../../apps/server/test/speaking-far-end.ts';
import { percentile, repeatedAnswers, saveTranscripts, startDemo } from './demo.ts';

const args = process.argv.slice(2);
const N = Number(args[0] && /^\d+$/.test(args[0]) ? args[0] : 10);
const FRAME = 160;
const THRESHOLD = 400;
/** Quiet in what the far end hears before a voiced frame counts as the onset of a new line of ours. */
const QUIET_FRAMES = 3;
/** What the callees say, in turn, each line once our line before it has ended (all in the recogniser's grammar). */
const SCRIPTS = [
  ['tell me more', 'how much does it cost', 'yes', 'goodbye'],
  ['who is this', 'send me the details', 'call me later'],
  ['how much does it cost', 'not interested'],
];
const VOICES = ['en-us', 'en-us+f3', 'en-us+m3'];

const work = mkdtempSync(join(tmpdir(), 'dialwise-heard-sip-'));
const demo = await startDemo(work);
const { plan, prompts } = demo;
const engines = await SpeechEngines.create({ workDir: join(work, 'speech') });

/** A callee's lines as speech, and how much silence ends each clip (its speech ends that much before the clip). */
const clips = new Map<string, { samples: Int16Array; trailingMs: number }>();
for (const [s, script] of SCRIPTS.entries()) {
  for (const text of script) {
    const voice = VOICES[s % VOICES.length]!;
    const samples = await wholeClip(engines.offlineTts, text, offlineVoice('en-US', voice));
    let last = Math.floor(samples.length / FRAME) - 1;
    while (last > 0 && rms(samples.subarray(last * FRAME, (last + 1) * FRAME)) < THRESHOLD) last--;
    clips.set(`${s}:${text}`, { samples, trailingMs: (samples.length - (last + 1) * FRAME) / 8 });
  }
}

const trunk = new SipTrunk({ recordingsDir: join(work, 'recordings'), bindAddress: '127.0.0.1', rtpPorts: { min: 45000, max: 45998 } });

interface Outcome {
  script: string[];
  farEnd: SpeakingFarEnd;
  step: ConverseStep;
  trace: Trace;
}

/** What the call's voice did, on its own clock: to take each answer's wait apart stage by stage. */
interface Trace {
  /** VAD end of speech: the speech's end as the VAD dates it, and when the event came. */
  speechEnds: Array<{ atMs: number; emittedMs: number }>;
  /** The VAD's tentative ends (first quiet windows), dated and when they came. */
  pauses: Array<{ atMs: number; emittedMs: number }>;
  /** This process's clock at the voice's 0. */
  clockAt: number;
  /** Per turn id: when its first answer sentence was handed to speech, its first audio made, its first frame sent. */
  firstSentence: Map<string, { handedMs: number; audioMs: number | null; sentMs: number | null }>;
}

/**
 * When a preemptive answer's first sentence was cut (held until the final confirms the turn), per reply id, on
 * this process's clock: the model's part of the wait, apart from the endpointing's.
 */
const sentenceCut = new Map<string, number>();
/** When each speculation was started (its stream, if it gets one, starts then), per reply id, on this process's clock. */
const speculationStart = new Map<string, number>();
const hold = SpeculationSlot.prototype.hold;
SpeculationSlot.prototype.hold = function (this: SpeculationSlot, speculation: Speculation) {
  speculationStart.set(speculation.reply.id, performance.now());
  hold.call(this, speculation);
};
const holdSentence = Speculation.prototype.speak;
Speculation.prototype.speak = function (this: Speculation, sentence: string) {
  if (!sentenceCut.has(this.reply.id)) sentenceCut.set(this.reply.id, performance.now());
  holdSentence.call(this, sentence);
};

/** The voice a speech call runs, with its events and its first sentences timed for the breakdown. */
function traced(voice: SpeechCallVoice, trace: Trace): SpeechCallVoice {
  trace.clockAt = performance.now() - voice.now();
  voice.on('speech-end', ({ atMs }) => trace.speechEnds.push({ atMs, emittedMs: voice.now() }));
  voice.on('speech-pause', ({ atMs }) => trace.pauses.push({ atMs, emittedMs: voice.now() }));
  const speak = voice.speak.bind(voice);
  voice.speak = (sentence, turnId, kind = 'answer') => {
    const spoken = speak(sentence, turnId, kind);
    if (kind === 'answer' && !trace.firstSentence.has(turnId)) {
      const first = { handedMs: voice.now(), audioMs: null as number | null, sentMs: null as number | null };
      trace.firstSentence.set(turnId, first);
      void spoken.then((s) => {
        first.audioMs = s.firstAudioAtMs;
        first.sentMs = s.sentAtMs ?? null;
      });
    }
    return spoken;
  };
  return voice;
}

console.log(
  `bench:heard:sip — ${N} demo conversations at once over SIP/RTP on loopback, offline speech both ways (endpointing ${engines.endpointingMs} ms adaptive, preemptive on); load average ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')} at start`,
);
const started = performance.now();
const outcomes: Outcome[] = await Promise.all(
  Array.from({ length: N }, async (_, i): Promise<Outcome> => {
    const s = i % SCRIPTS.length;
    const script = SCRIPTS[s]!;
    const farEnd = await startSpeakingFarEnd({ lines: script.map((text) => clips.get(`${s}:${text}`)!.samples), pauseMs: 700 });
    const call = trunk.dial({
      to: `13900000${String(i).padStart(3, '0')}`,
      callerId: '0',
      line: { username: 'u', password: 'p', domain: farEnd.address, port: farEnd.port },
      ringTimeoutMs: 10_000,
      record: false,
      maxDurationMs: 120_000,
    });
    const trace: Trace = { speechEnds: [], pauses: [], clockAt: 0, firstSentence: new Map() };
    const step = new ConverseStep({
      plan,
      call: { prologueInfo: `Hello Li ${String.fromCharCode(65 + (i % 26))}.`, businessInfo: { plan: 'gold' } },
      createVoice: (session) => traced(engines.createCallVoice(session.call, speechPlanOf(plan)), trace),
      seats: null,
      transfer: { callId: randomUUID(), companyId: 'c', projectId: 'p', taskId: demo.taskId, subtaskId: String(i) },
    });
    await new CallSession(call, [step]).run();
    return { script, farEnd, step, trace };
  }),
);
const seconds = (performance.now() - started) / 1000;
saveTranscripts(outcomes.map(({ step }) => conversationOf(step.history)));

const heard: number[] = [];
const runtime: number[] = [];
/** Each answer's wait, stage by stage, in ms after the end of the callee's speech as the VAD dates it. */
const STAGES = [
  ['VAD tentative end', "the VAD's first quiet window (speech-pause)"],
  ['speculation started', 'on the words so far (peeked at the pause, or settled at the end)'],
  ['VAD end-of-speech event', 'the VAD judged the speech over'],
  ['final', 'the endpointing delay ran out and the recogniser flushed'],
  ['model first token', 'the main stream (started with the speculation) sent its first token'],
  ['first sentence cut', 'the main stream finished its first sentence (held, if the turn was not final yet)'],
  ['first sentence to speech', 'the first sentence was cut and the turn confirmed'],
  ['first TTS audio', 'espeak-ng made its first chunk'],
  ['first RTP frame sent', "heardAfterMs: the frame left in the call's RTP"],
] as const;
const stages: number[][] = STAGES.map(() => []);
let lines = 0;
let unanswered = 0;
let recognised = 0;
let repeats = 0;
for (const { script, farEnd, step, trace } of outcomes) {
  const samples = farEnd.heard();
  const loud = (frame: number) => rms(samples.subarray(frame * FRAME, (frame + 1) * FRAME)) >= THRESHOLD;
  const s = SCRIPTS.indexOf(script);
  for (const [index, line] of farEnd.spoke.entries()) {
    if (line.heardAtEnd === 0) continue; // cut by the hang-up
    lines++;
    const speechEnd = line.heardAtEnd - clips.get(`${s}:${script[index]}`)!.trailingMs * 8;
    const until = farEnd.spoke[index + 1]?.heardAtStart ?? samples.length;
    // The first voiced frame of ours after QUIET_FRAMES quiet ones, from the end of the callee's speech on.
    const first = Math.max(0, Math.floor(speechEnd / FRAME));
    let quiet = 0;
    for (let frame = Math.max(0, first - QUIET_FRAMES); frame < first; frame++) quiet = loud(frame) ? 0 : quiet + 1;
    let onset: number | null = null;
    for (let frame = first; (frame + 1) * FRAME <= until; frame++) {
      if (!loud(frame)) quiet++;
      else if (quiet >= QUIET_FRAMES) {
        onset = frame * FRAME;
        break;
      } else quiet = 0;
    }
    if (onset === null) unanswered++;
    else heard.push(Math.round((onset - speechEnd) / 8));
  }
  for (const turn of step.turns) if (turn.heardAfterMs !== null) runtime.push(turn.heardAfterMs);
  for (const turn of step.turns) {
    const first = trace.firstSentence.get(turn.turnId);
    const end = turn.speechEndMs;
    if (turn.action !== 'answer' || end === null || turn.finalAtMs === null || first?.sentMs == null || first.audioMs === null) continue;
    const event = trace.speechEnds.find((e) => e.atMs === end);
    if (!event) continue;
    const pause = trace.pauses.filter((p) => p.atMs === end && p.emittedMs <= event.emittedMs).at(-1);
    const speculated = speculationStart.get(turn.turnId);
    // A preemptive answer's stream started with its speculation; otherwise on the final (the reply's clock starts there).
    const streamFrom = speculated === undefined ? turn.finalAtMs : speculated - trace.clockAt;
    const at = [
      pause?.emittedMs ?? Number.NaN,
      speculated === undefined ? Number.NaN : speculated - trace.clockAt,
      event.emittedMs,
      turn.finalAtMs,
      turn.llmFirstTokenMs === null ? Number.NaN : streamFrom + turn.llmFirstTokenMs,
      Math.min(first.handedMs, (sentenceCut.get(turn.turnId) ?? Number.POSITIVE_INFINITY) - trace.clockAt),
      first.handedMs,
      first.audioMs,
      first.sentMs,
    ];
    for (const [index, ms] of at.entries()) if (Number.isFinite(ms)) stages[index]!.push(Math.round(ms - end));
  }
  const users = step.history.lines.filter((line) => line.speaker === 'customer').map((line) => normalizePhrase(line.text));
  recognised += script.filter((text, index) => users[index] === normalizePhrase(text)).length;
  const repeated = repeatedAnswers(conversationOf(step.history), prompts);
  repeats += repeated.length;
  if (process.env.BENCH_VERBOSE)
    console.log(
      step.history.lines
        .map((line) => `  ${Math.round(line.atMs)} ${line.speaker}${line.interrupted ? ' (cut)' : ''}: ${line.text}`)
        .join('\n'),
      // Per turn: the callee's words, end of speech, final, first token, first sentence (from the final), heard after.
      JSON.stringify(step.turns.map((t) => [t.user, t.speechEndMs, t.finalAtMs, t.llmFirstTokenMs, t.firstSentenceMs, t.heardAfterMs])),
    );
}

await trunk.close();
await Promise.all(outcomes.map(({ farEnd }) => farEnd.close()));
await engines.close();
await demo.close();

const said = outcomes.reduce((n, { farEnd }) => n + farEnd.spoke.length, 0);
console.log(
  `ran ${seconds.toFixed(0)} s; load average ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')} at the end`,
);
console.log(
  `heard latency (the far end's received audio, end of callee speech → onset of the answer): ${heard.length} of ${lines} lines, p50 ${percentile(heard, 50)} ms, p95 ${percentile(heard, 95)} ms (goals ≤ 800 / ≤ 1,200); ${unanswered} lines with no answer before the next`,
);
console.log(
  `heardAfterMs (the runtime's own, where the RTP leaves): ${runtime.length} turns, p50 ${percentile(runtime, 50)} ms, p95 ${percentile(runtime, 95)} ms`,
);
console.log("where an answer's wait goes (ms after the end of the callee's speech as the VAD dates it, p50 / p95 of each mark):");
for (const [index, [name, what]] of STAGES.entries()) {
  const values = stages[index]!;
  console.log(
    `  ${name.padEnd(26)} ${String(percentile(values, 50)).padStart(5)} / ${String(percentile(values, 95)).padStart(5)}  (${values.length} answers; ${what})`,
  );
}
const pre = outcomes.reduce(
  (sum, { step }) => ({
    started: sum.started + step.preemption.started,
    used: sum.used + step.preemption.used,
    cancelled: sum.cancelled + step.preemption.cancelled,
    extra: sum.extra + step.preemption.extraRequests,
  }),
  { started: 0, used: 0, cancelled: 0, extra: 0 },
);
console.log(
  `callee lines recognised word for word ${recognised} of ${said}; preemptive answers used ${pre.used}; speculations ${pre.started} started, ${pre.cancelled} cancelled, extra model requests ${pre.extra} of ${demo.modelRequests} in all (${(demo.modelRequests / N).toFixed(1)} a call, ${(pre.extra / N).toFixed(1)} of them extra); repeated answers ${repeats}`,
);
rmSync(work, { recursive: true, force: true });
process.exit(0);
