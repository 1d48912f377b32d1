import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Where the corpus's espeak-ng/sox outputs go: AMD_CORPUS_DIR to keep them between runs (a rerun then
 * skips espeak-ng), else a temporary folder removed at exit.
 */
export function corpusDir(): string {
  const kept = process.env.AMD_CORPUS_DIR;
  if (kept) {
    mkdirSync(kept, { recursive: true });
    return kept;
  }
  const dir = mkdtempSync(join(tmpdir(), 'dialwise-amd-corpus-'));
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
