/**
 * Test clips for the VAD and the recogniser, made at run time by espeak-ng and sox (sox in repeatable
 * mode, `-R`: the same clips on every run and machine), all 8 kHz 16-bit mono and passed through G.711
 * μ-law like telephone audio:
 * - speech: a sentence between 1 s of line noise before and after (the noise continues under it);
 * - silence: 3 s of a quiet line (−70 dB hiss);
 * - line noise: 3 s of brown + white hiss at telephone level (about −35 dB);
 * - music: 3 s of plucked chords, like music on hold.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { toSamples } from '../src/audio/pcm.ts';

export interface SpeechClips {
  speech: Int16Array;
  /** Where the sentence starts and ends in `speech` (ms). */
  speechStartMs: number;
  speechEndMs: number;
  silence: Int16Array;
  lineNoise: Int16Array;
  music: Int16Array;
}

const RAW = ['-t', 'raw', '-r', '8000', '-e', 'signed-integer', '-b', '16', '-c', '1'];
const ULAW_ROUND_TRIP = ['-e', 'u-law'];

export function makeSpeechClips(dir: string, sentence = 'Yes, I would like to hear more about the price.'): SpeechClips {
  const path = (name: string) => join(dir, name);
  const sox = (...args: string[]) => execFileSync('sox', ['-R', ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
  execFileSync('espeak-ng', ['-v', 'en-us+f3', '-w', path('sentence.wav'), sentence]);
  // Telephone band and rate, 1 s of nothing before and after.
  sox(path('sentence.wav'), '-r', '8000', '-c', '1', path('sentence8k.wav'), 'pad', '1', '1');
  const seconds = Number(
    execFileSync('soxi', ['-D', path('sentence8k.wav')])
      .toString()
      .trim(),
  );
  sox('-n', '-r', '8000', '-c', '1', path('noise.wav'), 'synth', String(seconds), 'brownnoise', 'vol', '0.02');
  sox('-m', path('sentence8k.wav'), path('noise.wav'), ...ULAW_ROUND_TRIP, path('speech.wav'));
  sox('-n', '-r', '8000', '-c', '1', ...ULAW_ROUND_TRIP, path('silence.wav'), 'synth', '3', 'whitenoise', 'vol', '0.0003');
  sox(
    '-n',
    '-r',
    '8000',
    '-c',
    '1',
    ...ULAW_ROUND_TRIP,
    path('line.wav'),
    'synth',
    '3',
    'brownnoise',
    'synth',
    '3',
    'whitenoise',
    'amod',
    '0',
    'vol',
    '0.03',
  );
  const chords = [
    ['C4', 'E4', 'G4'],
    ['A3', 'C4', 'E4'],
    ['F3', 'A3', 'C4'],
    ['G3', 'B3', 'D4'],
  ];
  const music = chords.flatMap((notes, i) => [...(i ? [':'] : []), 'synth', '0.75', ...notes.flatMap((n) => ['pluck', n])]);
  sox('-n', '-r', '8000', '-c', '1', ...ULAW_ROUND_TRIP, path('music.wav'), ...music, 'vol', '0.5');
  const read = (name: string) => {
    sox(path(name), ...RAW, path(`${name}.raw`));
    return toSamples(readFileSync(path(`${name}.raw`))).slice();
  };
  return {
    speech: read('speech.wav'),
    speechStartMs: 1000,
    speechEndMs: Math.round((seconds - 1) * 1000),
    silence: read('silence.wav'),
    lineNoise: read('line.wav'),
    music: read('music.wav'),
  };
}
