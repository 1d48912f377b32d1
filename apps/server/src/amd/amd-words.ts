/**
 * What the callee said, as far as answering-machine detection needs it: whether a short greeting had a
 * machine's words ("leave a message", "after the tone", "留言") or a person's ("hello, who is this?"), and
 * whether a long one had a carrier's ("the number you dialed", "not in service"). Timing alone cannot tell a
 * short "Leave a message." from "Hello, who is this?", or a carrier's recording after the answer from a
 * voicemail greeting.
 *
 * The recogniser is our offline one (pocketsphinx in a recognition server, sphinx-server.c, the same process
 * and protocol as a call's speech) in grammar mode: a grammar of machine phrases, carrier phrases and people's
 * openers, looped, so the greeting is matched to the phrases that fit it best. Tried first on the corpus's
 * tuning clips (docs/amd.md): pocketsphinx's keyword mode (`-kws`) found nothing on our telephone clips, and a
 * grammar with loose words beside the phrases (to soak up everything else) let the loose words win every
 * greeting; the phrases alone name short greetings well (8 of 8 short voicemail greetings had a machine
 * phrase, 27 of 30 people's openers none) and long ones badly (often nothing at all). So the words decide
 * only what they are good at, and a machine phrase on a short greeting only makes us wait for the beep.
 * Mandarin phrases are spelled in pinyin and pronounced with the English model's phones (pinyin-phones.ts):
 * there is no Mandarin model here.
 */
import { createHash } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cmuDictionary, telephoneModel } from '../speech/sphinx-grammar.ts';
import type { SpeechEngines } from '../speech/speech-engines.ts';
import type { RecognitionPool, ServerSession } from '../speech/sphinx-server.ts';
import { pinyinPhones } from './pinyin-phones.ts';

/** Answering machines and voicemail services: what they say and a person picking up does not. */
export const MACHINE_PHRASES = [
  'leave a message',
  'leave your message',
  'leave me a message',
  'leave your name',
  'name and number',
  'after the tone',
  'after the beep',
  'at the tone',
  'record your message',
  'not available',
  'unavailable',
  'come to the phone',
  'take your call',
  'you have reached',
  "you've reached",
  'voicemail',
  'voice mail',
  'mailbox',
  'call you back',
  'get back to you',
  'missed your call',
  'away from my desk',
  'liu2 yan2',
  'liu2 xia4',
  'di1 sheng1 hou4',
  'ti2 shi4 yin1',
  'yu3 yin1 xin4 xiang1',
  'bu4 fang1 bian4',
  'hui2 dian4',
] as const;

/** Carriers' recordings of a dead, switched-off or unreachable number. */
export const ANNOUNCEMENT_PHRASES = [
  'not in service',
  'no longer in service',
  'out of service',
  'been disconnected',
  'disconnected',
  'switched off',
  'the number you have dialed',
  'the number you dialed',
  'the subscriber',
  'check the number',
  'try again later',
  'cannot be completed',
  'kong1 hao4',
  'guan1 ji1',
  'ting2 ji1',
  'wu2 fa3 jie1 tong1',
  'fu2 wu4 qu1',
  'cha2 dui4',
  'shao1 hou4 zai4 bo1',
] as const;

/** People's openers: they compete with the machine's phrases for the same audio. */
export const PERSON_PHRASES = [
  'hello',
  'hi',
  'yes',
  'yeah',
  'who is this',
  'who is it',
  'who is calling',
  "who's calling",
  'speaking',
  'this is',
  'can i help you',
  'who am i speaking with',
  'good morning',
  'good afternoon',
  'wei2',
  'ni3 hao3',
  'na3 wei4',
  'shei2',
  'shen2 me shi4',
  'qing3 wen4',
  'wo3 shi4',
] as const;

export interface HeardWords {
  /** What the recogniser made of the greeting (grammar words: English, and pinyin with tone digits). */
  text: string;
  machine: string[];
  announcement: string[];
  person: string[];
}

/** Which of the phrases the recogniser's text holds, per class. */
export function spotPhrases(text: string): HeardWords {
  const padded = ` ${text} `;
  const found = (phrases: readonly string[]) => phrases.filter((phrase) => padded.includes(` ${phrase} `));
  return { text, machine: found(MACHINE_PHRASES), announcement: found(ANNOUNCEMENT_PHRASES), person: found(PERSON_PHRASES) };
}

/** The CMU dictionary's lines of a word, or its pinyin spelled in English phones (the recogniser loads only ours). */
function pronunciations(word: string): string[] {
  if (/[1-5]$/.test(word)) {
    const phones = pinyinPhones(word);
    if (!phones) throw new Error(`not a pinyin syllable: ${word}`);
    return [`${word} ${phones}`];
  }
  const lines = cmuDictionary().get(word);
  if (!lines) throw new Error(`not in the CMU dictionary: ${word}`);
  return lines;
}

export interface AmdGrammarFiles {
  modelDir: string;
  dictPath: string;
  grammarPath: string;
}

const rule = (phrases: readonly string[]) => phrases.join(' | ');

/** The grammar and dictionary (written once under `workDir`, named by their content's hash). */
export function amdGrammarFiles(workDir: string): AmdGrammarFiles {
  const modelDir = telephoneModel(workDir);
  const grammar = [
    '#JSGF V1.0;',
    'grammar amd;',
    'public <greeting> = <part>+;',
    '<part> = <machine> | <announcement> | <person>;',
    `<machine> = ${rule(MACHINE_PHRASES)};`,
    `<announcement> = ${rule(ANNOUNCEMENT_PHRASES)};`,
    `<person> = ${rule(PERSON_PHRASES)};`,
    '',
  ].join('\n');
  const words = [...new Set([...MACHINE_PHRASES, ...ANNOUNCEMENT_PHRASES, ...PERSON_PHRASES].flatMap((p) => p.split(' ')))].sort();
  const dict = `${words.flatMap(pronunciations).join('\n')}\n`;
  const hash = createHash('sha256').update(grammar).update(dict).digest('hex').slice(0, 16);
  const grammarPath = join(workDir, `amd-${hash}.gram`);
  const dictPath = join(workDir, `amd-${hash}.dict`);
  if (!existsSync(grammarPath)) {
    writeFileSync(dictPath, dict);
    writeFileSync(grammarPath, grammar);
  }
  return { modelDir, dictPath, grammarPath };
}

/** Listens to one call's greeting for the detector (see AmdDetector's `words`). */
export interface GreetingWords {
  /** A frame of the callee's audio after the answer. */
  push(samples: Int16Array): void;
  /** What was said since the last time asked (or the answer). Rejects when there is no recogniser. */
  heard(): Promise<HeardWords>;
  /** Frees the recogniser (also when never asked). */
  close(): void;
}

/** A recogniser listening to a call's greeting for answering-machine detection; null: no offline recogniser. */
export function greetingWords(speech: SpeechEngines): GreetingWords | null {
  const servers = speech.offlineAsr.servers;
  return servers ? recognisedWords(speech.workDir, servers) : null;
}

/**
 * A call's greeting through the offline recogniser: a session of `recognisers` (the call's own speech
 * engines' servers: SpeechEngines.offlineAsr) with AMD's grammar; `workDir` holds it and the telephone model.
 */
export function recognisedWords(workDir: string, recognisers: RecognitionPool): GreetingWords {
  // Each ask is a flush: its final comes back in order.
  const asked: Array<{ resolve(words: HeardWords): void; reject(error: Error): void }> = [];
  let failed: Error | null = null;
  let closed = false;
  let session: ServerSession | null = null;
  // Opened with the first frame after the answer: a call that rings out never holds a decoder.
  const opened = (): ServerSession =>
    (session ??= recognisers.open(
      { ...amdGrammarFiles(workDir), bestPath: true },
      {
        partial: () => undefined,
        final: (text) => asked.shift()?.resolve(spotPhrases(text)),
        error: (error) => {
          failed = error;
          for (const ask of asked.splice(0)) ask.reject(error);
        },
      },
    ));
  return {
    push: (samples) => {
      if (!closed && !failed) opened().audio(samples);
    },
    heard: () => {
      if (failed) return Promise.reject(failed);
      if (closed) return Promise.reject(new Error('the greeting is no longer listened to'));
      return new Promise<HeardWords>((resolve, reject) => {
        asked.push({ resolve, reject });
        opened().flush();
      });
    },
    close: () => {
      if (closed) return;
      closed = true;
      session?.close();
    },
  };
}

/**
 * A listener whose recogniser is still loading (the speech engines load on first use): frames wait in memory
 * until it is there, then go on; with none (null, or it failed) every ask fails and the timing decides.
 */
export function deferredWords(load: Promise<GreetingWords | null>): GreetingWords {
  let words: GreetingWords | null = null;
  let closed = false;
  const waiting: Int16Array[] = [];
  const ready = load.then(
    (loaded) => {
      if (closed) loaded?.close();
      else words = loaded;
      for (const frame of waiting.splice(0)) words?.push(frame);
      return words;
    },
    () => null,
  );
  return {
    push: (samples) => {
      if (words) words.push(samples);
      else if (!closed) waiting.push(samples.slice());
    },
    heard: async () => {
      const loaded = await ready;
      if (!loaded) throw new Error('no offline recogniser: the timing decides');
      return loaded.heard();
    },
    close: () => {
      closed = true;
      waiting.length = 0;
      words?.close();
    },
  };
}
