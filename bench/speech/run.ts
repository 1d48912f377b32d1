/**
 * bench:speech — the offline speech path's latencies and how many speaking calls one core holds.
 *
 * Printed:
 * - TTS time to first audio (espeak-ng + sox), new sentences and cached prompts, p50/p95: from the
 *   sentence being ready to its first 8 kHz chunk;
 * - ASR final delay (pocketsphinx, grammar mode) after the end of speech, p50/p95: the recogniser's own
 *   delay after the turn is flushed, and with the endpointing delay (600 ms) in front of it; plus how
 *   many test utterances it got right;
 * - barge-in, p95: from the VAD's speech start to our outbound audio stopping (what we control), and
 *   from the true onset of the callee's speech (adds the VAD's own decision time);
 * - concurrent speaking calls (VAD + recogniser + TTS playing into a 20 ms media clock, the far end
 *   talking), in two profiles (the callee talking back to back, and calls that take turns: see PROFILES)
 *   at N = … : late media ticks (> one frame late) as a share of all ticks; the ASR final delay
 *   after the end of speech under that load; the CPU the whole speech path used (this process with its
 *   VAD worker thread, and the spawn host with every recogniser and TTS pipeline it started) in cores, and
 *   N per core used. The capacity figure is the largest N with late ticks ≤ 1 % whose turns all got their
 *   final (≥ 99 % of them: a call whose callee is never understood is not held, however clean its audio)
 *   in time (p95 ≤ 1 s after the end of speech: a callee left waiting seconds for an answer is not held),
 *   per core = that N / the cores it used, measured over 15 s once every call has started.
 *
 *   npm run bench:speech [-- 50,100,150,200]
 *
 * Where the kernel groups scheduling by session (autogroup), `nice` only ranks processes inside one
 * session: run it in a session of its own with that session's autogroup raised, as root:
 *   setsid bash -c 'echo -15 > /proc/self/autogroup; exec nice -n -15 npm run bench:speech'
 * The header line says which autogroup it ran in.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { LineCall } from '../../apps/server/test/line-call.ts';
import { makeSpeechClips } from '../../apps/server/test/speech-clips.ts';
import { SpeechEngines } from '../../apps/server/src/speech/speech-engines.ts';
import type { CallSpeechPlan } from '../../apps/server/src/speech/speech-engines.ts';
import { spawnHostPid } from '../../apps/server/src/speech/spawn-host.ts';
import { synthesise } from '../../apps/server/src/speech/speech-test-kit.ts';
import { offlineVoice } from '../../apps/server/src/speech/whole-clip.ts';
import { MediaClock } from '../../apps/server/src/telephony/media/media-clock.ts';
import { linearToUlaw, ulawToLinear } from '../../apps/server/src/telephony/media/g711.ts';

const SIZES = (process.argv[2] ?? '50,100,150,200').split(',').map(Number);
const dir = mkdtempSync(join(tmpdir(), 'dialwise-bench-speech-'));
const engines = await SpeechEngines.create({ workDir: join(dir, 'speech') });
const clips = makeSpeechClips(dir);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};
const ms = (value: number) => `${value.toFixed(0)} ms`;
const plan: CallSpeechPlan = {
  language: 'en-US',
  dialogAsr: { provider: 'offline', url: null },
  tts: { provider: 'offline', url: null },
  voice: null,
  phrases: ['i would like to hear more about the price'],
};

const autogroup = (() => {
  try {
    return readFileSync('/proc/self/autogroup', 'utf8').trim();
  } catch {
    return 'no autogroup';
  }
})();
console.log(
  `bench:speech — load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} on this machine; ${autogroup}`,
);

// ——— TTS time to first audio ———
{
  const fresh: number[] = [];
  const cached: number[] = [];
  for (let i = 0; i < 30; i++) {
    const text = `Your order number ${1000 + i * 7} ships on day ${i + 1}, and it will arrive soon after that.`;
    for (const into of [fresh, cached]) {
      const started = performance.now();
      let first = 0;
      // Read to the end: only a whole sentence goes to the prompt cache.
      for await (const _chunk of engines.offlineTts.synthesize({
        text,
        voice: offlineVoice('en-US'),
        signal: new AbortController().signal,
      })) {
        first ||= performance.now() - started;
      }
      into.push(first);
      await sleep(20);
    }
  }
  console.log(`TTS first audio, new sentence:   p50 ${ms(pct(fresh, 50))}, p95 ${ms(pct(fresh, 95))}  (goal ≤ 150 ms)`);
  console.log(`TTS first audio, cached prompt:  p50 ${ms(pct(cached, 50))}, p95 ${ms(pct(cached, 95))}`);
}

// ——— ASR final delay after the end of speech ———
{
  const cases: Array<[string, string, string]> = [
    ['How much does it cost?', 'en-us+f3', 'how much does it cost'],
    ["I'm not interested.", 'en-us+f3', 'not interested'],
    ['Call me later.', 'en-us+f3', 'call me later'],
    ['Can I talk to a person please', 'en-us+f3', 'talk to a person'],
    ['Tell me more.', 'en-us', 'tell me more'],
    ['Goodbye.', 'en-us', 'goodbye'],
    ['Take me off your list.', 'en-us+m3', 'take me off your list'],
    ['Send me the details.', 'en-us+m3', 'send me the details'],
    ['Who is this?', 'en-us+f2', 'who is this'],
    ['Yes.', 'en-us+f2', 'yes'],
  ];
  const delays: number[] = [];
  let right = 0;
  for (let round = 0; round < 2; round++) {
    for (const [sentence, voice, expected] of cases) {
      const clip = (await synthesise(engines.offlineTts, sentence, voice)).map((s) => ulawToLinear(linearToUlaw(s)));
      const session = engines.offlineAsr.open({ provider: 'offline', url: null, language: 'en-US', phrases: plan.phrases });
      await sleep(300); // the recogniser loads while the callee is silent (as on a call)
      const lead = new Int16Array(2400);
      for (const part of [lead, clip]) {
        for (let at = 0; at < part.length; at += 160) {
          session.push(part.subarray(at, at + 160), 0);
          await sleep(20);
        }
      }
      const flushed = performance.now();
      const text = await new Promise<string>((resolve) => {
        session.on('transcript', (t) => t.final && resolve(t.text));
        session.flush();
      });
      delays.push(performance.now() - flushed);
      if (text === expected) right++;
      session.close();
    }
  }
  console.log(
    `ASR final after flush:           p50 ${ms(pct(delays, 50))}, p95 ${ms(pct(delays, 95))}; after end of speech (+600 ms endpointing): p50 ${ms(600 + pct(delays, 50))}, p95 ${ms(600 + pct(delays, 95))}`,
  );
  console.log(`ASR right:                       ${right} of ${delays.length} test utterances (grammar mode, espeak voices through μ-law)`);
}

// ——— barge-in ———
{
  const fromEvent: number[] = [];
  const fromOnset: number[] = [];
  for (let i = 0; i < 15; i++) {
    const call = new LineCall();
    const voice = engines.createCallVoice(call.handle, plan);
    const spoken = voice.speak('This sentence goes on for a good while, so that the caller has time to talk over it.', 't');
    while (call.loudFrames() < 10) await sleep(10);
    let eventAt = 0;
    const interrupted = new Promise<void>((resolve) =>
      voice.once('speech-start', () => {
        eventAt = performance.now();
        voice.interrupt('t');
        resolve();
      }),
    );
    const sayStarted = performance.now();
    void call.say(clips.speech, voice.now());
    await interrupted;
    await spoken;
    await sleep(60);
    const firstSilent = call.sent.find((frame) => frame.at >= eventAt && !frame.loud);
    const onsetAt = sayStarted + clips.speechStartMs;
    if (firstSilent) {
      fromEvent.push(firstSilent.at - eventAt);
      fromOnset.push(firstSilent.at - onsetAt);
    }
    voice.close();
    call.stop();
    await sleep(clips.speech.length / 8 - clips.speechStartMs);
  }
  console.log(`barge-in, VAD speech start → our audio stopped:   p95 ${ms(pct(fromEvent, 95))}  (goal ≤ 60 ms)`);
  console.log(
    `barge-in, speech onset → our audio stopped:       p50 ${ms(pct(fromOnset, 50))}, p95 ${ms(pct(fromOnset, 95))} (includes the VAD's decision)`,
  );
}

// ——— concurrent speaking calls ———

const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim());

/**
 * CPU seconds of the spawn host and everything it started. Its recognisers and TTS pipelines run in
 * process groups of their own (so that a kill ends a whole pipeline), so the host's group does not hold
 * them; they are its descendants. A process that ended and was waited for is counted in its parent's
 * cutime + cstime, one still running (or not yet waited for) in its own /proc/<pid>/stat: the sum of
 * utime + stime + cutime + cstime over the host and its live descendants counts each process once.
 * Read at the start and end of a phase, the difference is the phase's CPU (a process that was running at
 * the start is counted whole at the end: an overcount, never an undercount).
 */
function hostTreeSeconds(): number {
  const host = spawnHostPid();
  if (host === null) return 0;
  const stats = new Map<number, { ppid: number; ticks: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const text = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the command name (which may hold spaces, in parentheses): state ppid … utime stime cutime cstime.
      const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
      const [utime, stime, cutime, cstime] = fields.slice(11, 15).map(Number) as [number, number, number, number];
      stats.set(Number(entry), { ppid: Number(fields[1]), ticks: utime + stime + cutime + cstime });
    } catch {
      // The process ended while we read: its time is in its parent's cutime from now on.
    }
  }
  const children = new Map<number, number[]>();
  for (const [pid, { ppid }] of stats) children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  let ticks = 0;
  const queue = [host];
  while (queue.length > 0) {
    const pid = queue.pop()!;
    ticks += stats.get(pid)?.ticks ?? 0;
    queue.push(...(children.get(pid) ?? []));
  }
  return ticks / TICKS_PER_SECOND;
}

/**
 * CPU seconds of this process: every thread, the VAD's worker thread included (process.cpuUsage is the
 * process's rusage). It also holds the benchmark's far ends (their frames and timers), which a server
 * would not run: an overcount again.
 */
const processSeconds = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};

// The machine's own share: the same media clock with one call and no speech work, for 10 s. Late ticks here
// come from the other work on the machine (the scheduler), not from the speech path.
{
  const clock = new MediaClock();
  const call = new LineCall(clock);
  await sleep(10_000);
  call.stop();
  const ticks = call.sent.length;
  console.log(
    `   0 speaking calls (the clock alone): ${ticks} ticks, late ticks ${((100 * clock.lateTicks) / Math.max(1, ticks)).toFixed(2)} %`,
  );
}

/** CPU seconds of this process's main thread alone (the event loop: media clock, calls, batching), and the time it waited for a core. */
const mainThread = () => {
  const text = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const [waitedNs] = readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ').slice(1).map(Number) as [number];
  return { cpu: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND, waited: waitedNs / 1e9 };
};

/**
 * Two ways a call can go, each at every N:
 * - `back-to-back`: the far end talks all the time: a 3.6 s clip (1 s of line noise, a 1.6 s sentence, 1 s of
 *   noise) again and again, our line starting with each clip (the worst case: the callee speaks 44 % of
 *   the time and never stops for us);
 * - `conversation`: turns, as a call goes: our line plays out, then the far end answers with the clip,
 *   then our next line; while our line plays, the far end sends line noise (a real line is never quiet, and
 *   the VAD judges it all the same). The callee speaks ~27 % of the time.
 * Each of our lines is a new sentence (as a model's answers are), so it is synthesised, not served from
 * the prompt cache.
 */
type Profile = 'back-to-back' | 'conversation';
const PROFILES: Profile[] = ['back-to-back', 'conversation'];
let lineNumber = 0;
const ourLine = () => `Thanks for taking my call, your reference is ${1000 + (lineNumber++ % 9000)}.`;

/** The far end sends line noise (the clip looped) frame by frame until `until` settles. */
async function lineNoiseUntil(call: LineCall, voice: { now(): number }, until: Promise<unknown>): Promise<void> {
  let done = false;
  void until.then(() => {
    done = true;
  });
  let due = performance.now();
  for (let at = 0; !done; at = (at + 160) % (clips.lineNoise.length - 160)) {
    call.emit('audio', { samples: clips.lineNoise.slice(at, at + 160), atMs: voice.now() });
    due += 20;
    await sleep(Math.max(0, due - performance.now()));
  }
}

/** A held N answers its callees in time: the turn's final within this long of the end of speech at p95 (the 600 ms endpointing + 400 ms). */
const FINAL_P95_MS = 1000;
/**
 * Waits until the recognition and synthesis servers are idle (under 5 % of a core over half a second, at most
 * 60 s): an N they could not keep up with leaves audio queued to them, which they decode after its calls have
 * ended, and would count in the next N's figures.
 */
async function recognisersIdle(): Promise<void> {
  const until = performance.now() + 60_000;
  let before = hostTreeSeconds();
  do {
    await sleep(500);
    const now = hostTreeSeconds();
    if (now - before < 0.025) return;
    before = now;
  } while (performance.now() < until);
}

const capacity: Array<{ profile: Profile; size: number; latePct: number; cores: number; heardPct: number; finalP95: number }> = [];
for (const profile of PROFILES) {
  console.log(`— ${profile} —`);
  for (const size of SIZES) {
    const clock = new MediaClock();
    const calls = Array.from({ length: size }, () => new LineCall(clock));
    const voices = calls.map((call) => engines.createCallVoice(call.handle, plan));
    // ASR final delay under this load: from the end of the far end's speech (known from the clip) to the
    // turn's final, which includes the VAD's end, the 600 ms endpointing and the recogniser.
    const speechEnds = calls.map((): number[] => []);
    const finalDelays: number[] = [];
    let turns = 0;
    let right = 0;
    // What went wrong on the calls' speech path, by stage (a recogniser or TTS that failed), with the first detail.
    const failures = new Map<string, { count: number; detail: string }>();
    for (const voice of voices) {
      voice.on('failure', ({ stage, detail }) => {
        const seen = failures.get(stage);
        if (seen) seen.count++;
        else failures.set(stage, { count: 1, detail });
      });
    }
    voices.forEach((voice, i) =>
      voice.on('final', ({ text }) => {
        const end = speechEnds[i]!.shift();
        if (end === undefined) return;
        finalDelays.push(performance.now() - end);
        // What pocketsphinx makes of "Yes, I would like to hear more about the price." alone (its grammar has both parts).
        if (/yes|price/.test(text)) right++;
      }),
    );
    // The calls start spread over a ramp; the figures are measured over the window after it, every call busy.
    const rampMs = profile === 'back-to-back' ? 1000 : 5000;
    const windowMs = 15_000;
    const started = performance.now();
    const work = calls.map(async (call, i) => {
      const voice = voices[i]!;
      await sleep((i * 37) % rampMs);
      while (performance.now() - started < rampMs + windowMs) {
        if (profile === 'back-to-back') void voice.speak(ourLine(), 't');
        else await lineNoiseUntil(call, voice, voice.speak(ourLine(), 't'));
        speechEnds[i]!.push(performance.now() + clips.speechEndMs);
        turns++;
        await call.say(clips.speech, voice.now());
      }
    });
    await sleep(rampMs);
    const windowStart = performance.now();
    const lateBefore = clock.lateTicks;
    const ticksBefore = calls[0]!.sent.length;
    const cpuBefore = { own: processSeconds(), host: hostTreeSeconds(), main: mainThread() };
    await sleep(windowMs);
    const wallS = (performance.now() - windowStart) / 1000;
    const own = processSeconds() - cpuBefore.own;
    const host = hostTreeSeconds() - cpuBefore.host;
    const main = mainThread();
    const ticks = calls[0]!.sent.length - ticksBefore;
    const late = clock.lateTicks - lateBefore;
    await Promise.all(work);
    // The last turns' finals (each clip ends with 1 s of line noise; the endpointing takes 0.6 s of it and more).
    await sleep(3000);
    for (const voice of voices) voice.close();
    for (const call of calls) call.stop();
    const latePct = (100 * late) / Math.max(1, ticks);
    const cores = (own + host) / wallS;
    capacity.push({
      profile,
      size,
      latePct,
      cores,
      heardPct: (100 * finalDelays.length) / Math.max(1, turns),
      finalP95: pct(finalDelays, 95),
    });
    console.log(
      `${String(size).padStart(4)} speaking calls: ${ticks} ticks, late ticks ${latePct.toFixed(2)} %; ` +
        `CPU ${cores.toFixed(2)} cores (this process ${(own / wallS).toFixed(2)}, of it the main thread ${((main.cpu - cpuBefore.main.cpu) / wallS).toFixed(2)}; ` +
        `spawn host + recognisers + TTS ${(host / wallS).toFixed(2)}) ` +
        `= ${(size / cores).toFixed(0)} calls per core; ` +
        `ASR final after end of speech p50 ${ms(pct(finalDelays, 50))}, p95 ${ms(pct(finalDelays, 95))} ` +
        `(${finalDelays.length} finals of ${turns} turns, ${right} right); ` +
        `the main thread waited ${(main.waited - cpuBefore.main.waited).toFixed(1)} s of ${wallS.toFixed(1)} s for a core`,
    );
    for (const [stage, { count, detail }] of failures) console.log(`      failures (${stage}): ${count}, the first: ${detail}`);
    await recognisersIdle();
  }
}
for (const profile of PROFILES) {
  const held = capacity.filter((c) => c.profile === profile && c.latePct <= 1 && c.heardPct >= 99 && c.finalP95 <= FINAL_P95_MS).at(-1);
  console.log(
    held
      ? `capacity (${profile}): ${held.size} speaking calls at ≤ 1 % late ticks, ≥ 99 % of turns recognised, their finals p95 ≤ ${FINAL_P95_MS} ms after the end of speech, using ${held.cores.toFixed(2)} cores = ${(held.size / held.cores).toFixed(0)} calls per core (goal ≥ 100)`
      : `capacity (${profile}): no N tried held late ticks ≤ 1 %, ≥ 99 % of turns recognised and finals p95 ≤ ${FINAL_P95_MS} ms`,
  );
}
console.log(
  `load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);

await engines.close();
rmSync(dir, { recursive: true, force: true });
process.exit(0);
