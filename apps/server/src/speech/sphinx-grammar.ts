/**
 * What pocketsphinx needs for one scenario: a JSGF grammar of the phrases the callee is likely to say
 * and a dictionary of only their words (loading the full 135k-word CMU dictionary costs ~0.2 s of CPU
 * per recogniser; a few hundred words cost nothing), plus one model folder with telephone settings.
 *
 * Grammar mode is what makes the offline recogniser usable on telephone audio: open vocabulary gives
 * ~93 % word errors there; a grammar of the scenario's phrases recognises 40 of 42 test utterances.
 * Its limit: it always answers with *some* phrase of the grammar (it cannot say "none of these"), and a
 * phrase with a word outside the CMU dictionary is left out.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const SYSTEM_MODEL_DIR = '/usr/share/pocketsphinx/model/en-us';

/**
 * The cepstral mean the recogniser starts each utterance from, measured on espeak speech through an
 * 8 kHz μ-law chain. The model's own (wideband) initial mean makes the first second of every utterance
 * garbage on telephone audio — 2 of 42 test phrases right with it, 40 of 42 with this. It must be in
 * feat.params: pocketsphinx silently overrides the command-line value with the model's.
 */
const TELEPHONE_CMN_INIT = '38.06,18.43,-32.36,40.06,-16.01,-5.77,10.81,-25.53,6.96,-9.25,-5.17,5.53,-8.71';

/**
 * Common replies on an outbound call, in every English grammar whatever the scenario says. Short words
 * that sound like anything ("what", "sure", "sorry") are left out on purpose: in a grammar they
 * attract every utterance the recogniser is unsure of.
 */
export const COMMON_REPLIES = [
  'yes',
  'no',
  'okay',
  'hello',
  'who is this',
  'not interested',
  'no thank you',
  'goodbye',
  'call me later',
  'i am busy',
  'how much does it cost',
  'tell me more',
  'send me the details',
  'talk to a person',
  'take me off your list',
  'repeat that',
] as const;

export interface SphinxFiles {
  modelDir: string;
  grammarPath: string;
  dictPath: string;
  /** The phrases the grammar holds (normalised), in order. */
  phrases: string[];
}

let dictionary: Map<string, string[]> | null = null;

/** Words → their pronunciation lines (a word may have several: "read", "read(2)"). Read once, for calls and AMD alike. */
export function cmuDictionary(): Map<string, string[]> {
  if (dictionary) return dictionary;
  const map = new Map<string, string[]>();
  for (const line of readFileSync(join(SYSTEM_MODEL_DIR, 'cmudict-en-us.dict'), 'utf8').split('\n')) {
    const space = line.indexOf(' ');
    if (space <= 0) continue;
    const word = line.slice(0, space).replace(/\(\d+\)$/, '');
    const lines = map.get(word);
    if (lines) lines.push(line);
    else map.set(word, [line]);
  }
  dictionary = map;
  return map;
}

/** Lower case, letters and apostrophes only, single spaces: how phrases are compared and spoken to sphinx. */
export function normalizePhrase(text: string): string {
  return text
    .toLowerCase()
    .replace(/[_\-/]+/g, ' ')
    .replace(/[^a-z' ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The model folder with telephone settings, made once under `workDir` (the large files are links). */
export function telephoneModel(workDir: string): string {
  const dir = join(workDir, 'en-us-telephone');
  const params = join(dir, 'feat.params');
  if (existsSync(params)) return dir;
  mkdirSync(dir, { recursive: true });
  const source = join(SYSTEM_MODEL_DIR, 'en-us');
  for (const name of readdirSync(source)) {
    if (name === 'feat.params') continue;
    const target = join(dir, name);
    if (!existsSync(target)) symlinkSync(join(source, name), target);
  }
  const original = readFileSync(join(source, 'feat.params'), 'utf8');
  writeFileSync(params, original.replace(/^-cmninit .*$/m, `-cmninit ${TELEPHONE_CMN_INIT}`));
  return dir;
}

/** Grammar and dictionary files for a phrase list (named by its hash, so scenarios share them). */
export function grammarFiles(workDir: string, phrases: readonly string[]): SphinxFiles {
  const modelDir = telephoneModel(workDir);
  const dict = cmuDictionary();
  const kept: string[] = [];
  for (const phrase of [...phrases, ...COMMON_REPLIES].map(normalizePhrase)) {
    if (!phrase || kept.includes(phrase)) continue;
    if (phrase.split(' ').every((word) => dict.has(word))) kept.push(phrase);
  }
  const hash = createHash('sha256').update(kept.join('\n')).digest('hex').slice(0, 16);
  const grammarPath = join(workDir, `g-${hash}.gram`);
  const dictPath = join(workDir, `g-${hash}.dict`);
  if (!existsSync(grammarPath)) {
    const words = [...new Set(kept.flatMap((phrase) => phrase.split(' ')))].sort();
    writeFileSync(dictPath, `${words.flatMap((word) => dict.get(word) ?? []).join('\n')}\n`);
    writeFileSync(grammarPath, `#JSGF V1.0;\ngrammar call;\npublic <utterance> = ${kept.join(' | ')};\n`);
  }
  return { modelDir, grammarPath, dictPath, phrases: kept };
}
