/**
 * Recognises recorded clips with the offline recogniser, for the browser tests (they hear the AI in Chromium and
 * need the server's recogniser, with its telephone model, to say what was heard):
 *
 *   tsx test/recognise-clips.ts <workDir> <phrase|phrase|…> <clip.raw>…
 *
 * Each clip is 8 kHz 16-bit little-endian mono, cut at pauses into utterances (the grammar holds one phrase
 * per utterance), each recognised on a grammar of the phrases. Prints a JSON array: per clip, its utterances'
 * phrases in order.
 */
import { readFileSync } from 'node:fs';
import { recognise } from '../src/speech/speech-test-kit.ts';
import { SphinxAsr } from '../src/speech/sphinx-asr.ts';
import { FRAME_SAMPLES, rms } from '../src/audio/pcm.ts';

/** The clip's stretches of speech: loud frames, split where 300 ms or more are quiet, each with 200 ms around it. */
function utterances(clip: Int16Array, level = 300, gapFrames = 15): Int16Array[] {
  const spans: Array<[number, number]> = [];
  let quiet = gapFrames;
  for (let at = 0; at < clip.length; at += FRAME_SAMPLES) {
    if (rms(clip.subarray(at, at + FRAME_SAMPLES)) < level) {
      quiet++;
      continue;
    }
    if (quiet >= gapFrames || spans.length === 0) spans.push([at, at + FRAME_SAMPLES]);
    else spans[spans.length - 1]![1] = at + FRAME_SAMPLES;
    quiet = 0;
  }
  const pad = 1600;
  return spans
    .filter(([start, end]) => end - start >= 8 * FRAME_SAMPLES)
    .map(([start, end]) => clip.subarray(Math.max(0, start - pad), Math.min(clip.length, end + pad)));
}

const [workDir, phrases, ...files] = process.argv.slice(2);
if (!workDir || !phrases || files.length === 0) {
  process.stderr.write('usage: recognise-clips.ts <workDir> <phrase|phrase|…> <clip.raw>…\n');
  process.exit(2);
}
const asr = new SphinxAsr({ workDir });
await asr.ready();
const results: string[][] = [];
for (const file of files) {
  const bytes = readFileSync(file);
  const clip = new Int16Array(bytes.buffer, bytes.byteOffset, Math.floor(bytes.length / 2));
  const heard: string[] = [];
  for (const utterance of utterances(clip)) heard.push(await recognise(asr, utterance, phrases.split('|')));
  results.push(heard);
}
await asr.close();
process.stdout.write(`${JSON.stringify(results)}\n`);
