/**
 * bench:amd — the answering-machine detector on the labelled corpus (apps/server/src/amd/corpus/), built
 * with its fixed seed from espeak-ng, sox and our own line model. Printed for the held-back `test` half
 * (the thresholds were tuned on the other half) and for the `unseen` clips (espeak-ng voices the tuning
 * never heard): accuracy, precision and recall of `machine`, false-machine rate on people, the confusion
 * matrix, decision time p50/p95 (ms after the answer; a decision during early media counts as 0), and
 * the detector's cost per frame.
 *
 *   npm run bench:amd              (AMD_CORPUS_DIR=/some/dir keeps espeak-ng's outputs for reruns)
 */
import { performance } from 'node:perf_hooks';
import { AMD_OUTCOMES, type AmdOutcome } from '@dialwise/contracts';
import { buildCorpus, type Clip } from '../../apps/server/src/amd/corpus/build-corpus.ts';
import { classifyClip } from '../../apps/server/src/amd/classify-clip.ts';
import { corpusDir } from './corpus-dir.ts';

const built = performance.now();
const corpus = buildCorpus({ dir: corpusDir() });
console.log(`corpus: ${corpus.length} clips built in ${((performance.now() - built) / 1000).toFixed(1)} s`);

const pct = (n: number, d: number) => (d === 0 ? 'n/a' : `${((100 * n) / d).toFixed(1)} %`);
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0;

function report(name: string, clips: Clip[]): void {
  const started = performance.now();
  const results = clips.map((clip) => ({ clip, result: classifyClip(clip.samples, clip.answerAtMs) }));
  const frames = results.reduce((n, r) => n + Math.ceil((r.result.decisionMs + r.clip.answerAtMs) / 20), 0);
  const cpuMs = performance.now() - started;
  const labels = AMD_OUTCOMES.filter((o) => clips.some((c) => c.label === o) || results.some((r) => r.result.outcome === o));
  const count = (label: AmdOutcome | null, said: AmdOutcome | null) =>
    results.filter((r) => (label === null || r.clip.label === label) && (said === null || r.result.outcome === said)).length;
  const correct = results.filter((r) => r.result.outcome === r.clip.label).length;
  const truePositive = count('machine', 'machine');
  console.log(`\n== ${name}: ${clips.length} clips ==`);
  console.log(`accuracy                 ${pct(correct, clips.length)}  (${correct}/${clips.length})`);
  console.log(`machine precision        ${pct(truePositive, count(null, 'machine'))}`);
  console.log(`machine recall           ${pct(truePositive, count('machine', null))}`);
  console.log(
    `false machine on people  ${pct(count('human', 'machine'), count('human', null))}  (${count('human', 'machine')}/${count('human', null)})`,
  );
  const times = results.map((r) => Math.max(0, r.result.decisionMs)).sort((a, b) => a - b);
  console.log(`decision time            p50 ${quantile(times, 0.5)} ms, p95 ${quantile(times, 0.95)} ms`);
  for (const label of ['human', 'machine'] as const) {
    const own = results
      .filter((r) => r.clip.label === label)
      .map((r) => Math.max(0, r.result.decisionMs))
      .sort((a, b) => a - b);
    console.log(`  ${label.padEnd(22)} p50 ${quantile(own, 0.5)} ms, p95 ${quantile(own, 0.95)} ms`);
  }
  console.log(`detector cost            ${((cpuMs * 1000) / frames).toFixed(1)} µs per 20 ms frame`);
  console.log('\nconfusion (rows: label, columns: decided)');
  console.table(
    Object.fromEntries(labels.filter((l) => count(l, null) > 0).map((l) => [l, Object.fromEntries(labels.map((s) => [s, count(l, s)]))])),
  );
  for (const { clip, result } of results.filter((r) => r.result.outcome !== r.clip.label)) {
    console.log(`  miss ${clip.id}: ${clip.label} → ${result.outcome} (${result.reason} at ${result.decisionMs} ms) ${clip.note}`);
  }
}

report(
  'held-back test half',
  corpus.filter((c) => c.split === 'test'),
);
report(
  'unseen voices',
  corpus.filter((c) => c.split === 'unseen'),
);
