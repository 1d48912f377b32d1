/**
 * bench:amd — the answering-machine detector on the labelled corpus (apps/server/src/amd/corpus/), built
 * with its fixed seed from espeak-ng, sox and our own line model. Printed for the held-back `test` half
 * (the rules were chosen on the other half) and for the `unseen` part (voices and settings tuning never
 * saw), and with `--tune` for the tuning half too: the goals of issue 28 (accuracy, people called machines,
 * machines put through as people, people marked invalid, decision time p50), the confusion table per kind
 * of clip, each miss, and the detector's cost per frame.
 *
 *   npm run bench:amd [-- --tune | --tune-only]   (AMD_CORPUS_DIR=/some/dir keeps espeak-ng's outputs for reruns)
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { AMD_OUTCOMES, type AmdOutcome, type AmdResult } from '@dialwise/contracts';
import { buildCorpus, type Clip, type CorpusSplit, isRight } from '../../apps/server/src/amd/corpus/build-corpus.ts';
import { classifyClip, classifyClipLive } from '../../apps/server/src/amd/classify-clip.ts';
import { type GreetingWords, recognisedWords } from '../../apps/server/src/amd/amd-words.ts';
import { buildHelper } from '../../apps/server/src/speech/native-helper.ts';
import { RecognitionPool, SPHINX_SOURCE } from '../../apps/server/src/speech/sphinx-server.ts';
import { corpusDir } from './corpus-dir.ts';

const built = performance.now();
const workDir = corpusDir();
const CALLS = 8;
const recognisers = new RecognitionPool(buildHelper(SPHINX_SOURCE));
const corpus = buildCorpus({ dir: workDir });
console.log(`corpus: ${corpus.length} clips built in ${((performance.now() - built) / 1000).toFixed(1)} s`);

const pct = (n: number, d: number) => (d === 0 ? 'n/a' : `${((100 * n) / d).toFixed(1)} %`);
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0;
/** Outcomes on which the call goes on to the conversation, as with a person. */
const PUT_THROUGH: readonly AmdOutcome[] = ['human', 'silence', 'unknown'];

/**
 * The recogniser's answer times (wall ms from the detector's ask to its answer). The decision times are on
 * the clip's own clock (its frames), but with the recogniser the frames go at a call's pace, so its answer
 * time, which grows with the machine's load, is in them: printed beside them to tell the two apart.
 */
let answerTimes: number[] = [];
const timed = (words: GreetingWords): GreetingWords => ({
  ...words,
  heard: async () => {
    const asked = performance.now();
    const heard = await words.heard();
    answerTimes.push(performance.now() - asked);
    return heard;
  },
});

/**
 * Each clip through the detector alone (timing), or with the recogniser listening (words): then at a call's
 * pace, CALLS clips at a time (calls side by side share the recognition servers, as on a line).
 */
async function classify(clips: Clip[], words: boolean): Promise<Array<{ clip: Clip; result: AmdResult }>> {
  if (!words) return clips.map((clip) => ({ clip, result: classifyClip(clip.samples, clip.answerAtMs) }));
  const results: Array<{ clip: Clip; result: AmdResult }> = [];
  let next = 0;
  const worker = async () => {
    while (next < clips.length) {
      const clip = clips[next++]!;
      results.push({ clip, result: await classifyClipLive(clip.samples, clip.answerAtMs, timed(recognisedWords(workDir, recognisers))) });
    }
  };
  await Promise.all(Array.from({ length: CALLS }, worker));
  return clips.map((clip) => results.find((r) => r.clip === clip)!);
}

async function report(name: string, clips: Clip[], words: boolean): Promise<void> {
  const started = performance.now();
  answerTimes = [];
  const results = await classify(clips, words);
  const frames = results.reduce((n, r) => n + Math.ceil((r.result.decisionMs + r.clip.answerAtMs) / 20), 0);
  const cpuMs = performance.now() - started;
  const correct = results.filter((r) => isRight(r.clip, r.result.outcome)).length;
  const people = results.filter((r) => r.clip.label === 'human');
  const machines = results.filter((r) => r.clip.label === 'machine');
  const peopleMachine = people.filter((r) => r.result.outcome === 'machine' || r.result.outcome === 'beep').length;
  const peopleInvalid = people.filter((r) => r.result.outcome === 'announcement').length;
  const machinesThrough = machines.filter((r) => PUT_THROUGH.includes(r.result.outcome)).length;
  const times = (rs: typeof results) => rs.map((r) => Math.max(0, r.result.decisionMs)).sort((a, b) => a - b);
  const all = times(results);
  const peopleTimes = times(people);
  const machineTimes = times(machines);
  const goal = (met: boolean) => (met ? 'met' : 'NOT met');
  console.log(`\n== ${name}, ${words ? 'timing and words' : 'timing alone (the baseline)'}: ${clips.length} clips ==`);
  console.log(
    `accuracy                        ${pct(correct, clips.length).padEnd(8)} (${correct}/${clips.length})   goal ≥ 97 %: ${goal(correct >= 0.97 * clips.length)}`,
  );
  console.log(
    `people called machines          ${pct(peopleMachine, people.length).padEnd(8)} (${peopleMachine}/${people.length})   goal ≤ 1 %: ${goal(peopleMachine <= 0.01 * people.length)}`,
  );
  console.log(
    `machines put through as people  ${pct(machinesThrough, machines.length).padEnd(8)} (${machinesThrough}/${machines.length})   goal ≤ 3 %: ${goal(machinesThrough <= 0.03 * machines.length)}`,
  );
  console.log(`people marked invalid           ${String(peopleInvalid).padEnd(8)}            goal 0: ${goal(peopleInvalid === 0)}`);
  console.log(
    `decision time, all              p50 ${quantile(all, 0.5)} ms, p95 ${quantile(all, 0.95)} ms   goal p50 ≤ 2500: ${goal(quantile(all, 0.5) <= 2500)}`,
  );
  console.log(
    `decision time, people           p50 ${quantile(peopleTimes, 0.5)} ms, p95 ${quantile(peopleTimes, 0.95)} ms   goal p50 ≤ 2000: ${goal(quantile(peopleTimes, 0.5) <= 2000)}`,
  );
  console.log(`decision time, machines         p50 ${quantile(machineTimes, 0.5)} ms, p95 ${quantile(machineTimes, 0.95)} ms`);
  console.log(
    `detector cost                   ${((cpuMs * 1000) / frames).toFixed(1)} µs per 20 ms frame${words ? ' (wall time, the recogniser included)' : ''}`,
  );
  if (words) {
    const asked = results.filter((r) => r.result.features.phrases !== undefined).length;
    const answers = answerTimes.sort((a, b) => a - b);
    console.log(
      `recogniser asked               ${asked} of ${clips.length} clips; its answer p50 ${quantile(answers, 0.5).toFixed(0)} ms, p95 ${quantile(answers, 0.95).toFixed(0)} ms (wall time, in the decision times; load average ${loadavg()[0]!.toFixed(1)})`,
    );
  }
  if (!words) return;
  const outcomes = AMD_OUTCOMES.filter((o) => results.some((r) => r.result.outcome === o) || clips.some((c) => c.label === o));
  const kinds = [...new Set(clips.map((c) => c.kind))];
  console.log('\nconfusion per kind of clip (rows: kind → its label; columns: decided; ✓ right)');
  console.table(
    Object.fromEntries(
      kinds.map((kind) => {
        const own = results.filter((r) => r.clip.kind === kind);
        const row: Record<string, number | string> = { label: own[0]!.clip.label };
        for (const o of outcomes) row[o] = own.filter((r) => r.result.outcome === o).length;
        row['✓'] = `${own.filter((r) => isRight(r.clip, r.result.outcome)).length}/${own.length}`;
        return [kind, row];
      }),
    ),
  );
  const heard = (result: AmdResult) => (result.features.phrases?.length ? ` heard "${result.features.phrases.join('", "')}"` : '');
  const verbose = process.argv.includes('--verbose');
  for (const { clip, result } of results.filter((r) => verbose || !isRight(r.clip, r.result.outcome))) {
    const what = isRight(clip, result.outcome) ? '    ' : 'miss';
    console.log(
      `  ${what} ${clip.id}: ${clip.label} → ${result.outcome} (${result.reason} at ${result.decisionMs} ms${heard(result)}) ${clip.note}`,
    );
  }
}

const parts: Array<[CorpusSplit, string]> = [
  ['test', 'held-back test half'],
  ['unseen', 'unseen voices and settings'],
];
if (process.argv.includes('--tune')) parts.unshift(['tune', 'tuning half (the rules were chosen on it)']);
// While choosing rules, look at nothing else.
if (process.argv.includes('--tune-only')) parts.splice(0, parts.length, ['tune', 'tuning half (the rules were chosen on it)']);
for (const [split, name] of parts) {
  const clips = corpus.filter((c) => c.split === split);
  await report(name, clips, false);
  await report(name, clips, true);
}
// The recognition servers end when idle; the benchmark does not wait for that.
process.exit(0);
