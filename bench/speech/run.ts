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
 *   talking) at N = … : late media ticks (> one frame late) as a share of all ticks; the figure to read is
 *   the largest N with late ticks ≤ 1 %. The recognisers are separate processes (other cores).
 *
 *   npm run bench:speech [-- 25,50,100]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { LineCall } from '../../apps/server/test/line-call.ts';
import { makeSpeechClips } from '../../apps/server/test/speech-clips.ts';
import { SpeechEngines } from '../../apps/server/src/speech/speech-engines.ts';
import type { CallSpeechPlan } from '../../apps/server/src/speech/speech-engines.ts';
import { synthesise } from '../../apps/server/src/speech/speech-test-kit.ts';
import { offlineVoice } from '../../apps/server/src/speech/whole-clip.ts';
import { MediaClock } from '../../apps/server/src/telephony/media/media-clock.ts';
import { linearToUlaw, ulawToLinear } from '../../apps/server/src/telephony/media/g711.ts';

const SIZES = (process.argv[2] ?? '25,50,100').split(',').map(Number);
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

console.log(
  `bench:speech — load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} on this machine`,
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
for (const size of SIZES) {
  const clock = new MediaClock();
  const calls = Array.from({ length: size }, () => new LineCall(clock));
  const voices = calls.map((call) => engines.createCallVoice(call.handle, plan));
  const started = performance.now();
  const lateBefore = clock.lateTicks;
  const runMs = 15_000;
  const work = calls.map(async (call, i) => {
    await sleep((i * 37) % 1000);
    while (performance.now() - started < runMs) {
      // Our line, then the far end's (both over the same call: VAD and recogniser run on the far end's turn).
      void voices[i]!.speak('Thanks for taking my call, I will be brief.', 't');
      await call.say(clips.speech, voices[i]!.now());
    }
  });
  await Promise.all(work);
  const ticks = calls[0]!.sent.length;
  const late = clock.lateTicks - lateBefore;
  for (const voice of voices) voice.close();
  for (const call of calls) call.stop();
  console.log(`${String(size).padStart(4)} speaking calls: ${ticks} ticks, late ticks ${((100 * late) / Math.max(1, ticks)).toFixed(2)} %`);
  await sleep(1000);
}

rmSync(dir, { recursive: true, force: true });
process.exit(0);
