/**
 * bench:amd:tune — how the detector's default thresholds were chosen: a grid over the stage thresholds,
 * scored on the corpus's `tune` half only (never on the held-back `test` half nor the unseen voices).
 * Sorted by accuracy, then fewest people taken for machines, then decision time p50.
 *
 *   npm run bench:amd:tune
 */
import { AMD_DEFAULTS } from '@dialwise/contracts';
import { buildCorpus } from '../../apps/server/src/amd/corpus/build-corpus.ts';
import { classifyClip } from '../../apps/server/src/amd/classify-clip.ts';
import { corpusDir } from './corpus-dir.ts';

const clips = buildCorpus({ dir: corpusDir() }).filter((c) => c.split === 'tune');

// The margin rule the defaults follow: people's greetings on the tune half, measured with no greeting limit.
const unlimited = { ...AMD_DEFAULTS, greetingMs: 9000, maxWords: 20, totalAnalysisMs: 10_000 };
const greetings = clips
  .filter((c) => c.label === 'human')
  .map((c) => classifyClip(c.samples, c.answerAtMs, unlimited).features.greetingMs)
  .sort((a, b) => a - b);
console.log(`people's greetings on the tune half: p50 ${greetings[greetings.length >> 1]} ms, longest ${greetings.at(-1)} ms`);
const rows = [];
for (const greetingMs of [1300, 1500, 1600, 1800, 2000])
  for (const afterGreetingSilenceMs of [500, 600, 700, 800])
    for (const maxWords of [4, 5, 6])
      for (const betweenWordsSilenceMs of [80, 120]) {
        const thresholds = { ...AMD_DEFAULTS, greetingMs, afterGreetingSilenceMs, maxWords, betweenWordsSilenceMs };
        let correct = 0;
        let falseMachine = 0;
        const times: number[] = [];
        for (const clip of clips) {
          const result = classifyClip(clip.samples, clip.answerAtMs, thresholds);
          if (result.outcome === clip.label) correct++;
          if (clip.label === 'human' && result.outcome === 'machine') falseMachine++;
          times.push(Math.max(0, result.decisionMs));
        }
        times.sort((a, b) => a - b);
        rows.push({
          greetingMs,
          afterGreetingSilenceMs,
          maxWords,
          betweenWordsSilenceMs,
          correct,
          falseMachine,
          p50: times[Math.floor(times.length / 2)],
        });
      }
rows.sort((a, b) => b.correct - a.correct || a.falseMachine - b.falseMachine || (a.p50 ?? 0) - (b.p50 ?? 0));
console.log(`tune half: ${clips.length} clips; defaults now ${JSON.stringify(AMD_DEFAULTS)}`);
console.table(rows.slice(0, 30));
