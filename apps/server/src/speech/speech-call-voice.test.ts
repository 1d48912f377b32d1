import type { EventEmitter } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LineCall } from '../../test/line-call.ts';
import { makeSpeechClips, type SpeechClips } from '../../test/speech-clips.ts';
import type { CallVoiceEvents } from '../conversation/call-voice.ts';
import { endpointingDelayMs } from '../conversation/endpointing.ts';
import type { TtsEngine } from './engines.ts';
import { type CallSpeechPlan, SpeechEngines } from './speech-engines.ts';

/** SpeechCallVoice on a line stand-in (test/line-call.ts) with the real offline engines. */
const dir = mkdtempSync(join(tmpdir(), 'dialwise-call-voice-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let clips: SpeechClips;
let engines: SpeechEngines;
beforeAll(async () => {
  clips = makeSpeechClips(dir);
  engines = await SpeechEngines.create({ workDir: join(dir, 'speech'), endpointingMs: 400 });
});
afterAll(() => engines.close());

const plan = (extra: Partial<CallSpeechPlan> = {}): CallSpeechPlan => ({
  language: 'en-US',
  dialogAsr: { provider: 'seed', url: null },
  tts: { provider: 'seed', url: null },
  voice: null,
  phrases: ['i would like to hear more about the price', 'yes'],
  ...extra,
});

function next<E extends keyof CallVoiceEvents>(voice: EventEmitter<CallVoiceEvents>, event: E): Promise<CallVoiceEvents[E][0]> {
  return new Promise((resolve) => (voice as EventEmitter).once(event, resolve));
}

const LONG = 'This sentence goes on for a good while, so that the caller has time to talk over it before it is done.';

describe('SpeechCallVoice', () => {
  it('speaks a sentence into the call and reports it played to the end', async () => {
    const call = new LineCall();
    const voice = engines.createCallVoice(call.handle, plan());
    try {
      const spoken = await voice.speak('Hello, this is Lin.', 't1');
      expect(spoken).toMatchObject({ completed: true, heardText: 'Hello, this is Lin.', turnId: 't1' });
      expect(spoken.firstAudioAtMs).not.toBeNull();
      expect(call.loudFrames()).toBeGreaterThan(20);
    } finally {
      voice.close();
      call.stop();
    }
  });

  it('barge-in: callee speech start → interrupt stops our audio from the next frame; only the heard part is kept', async () => {
    const call = new LineCall();
    const voice = engines.createCallVoice(call.handle, plan());
    try {
      const spoken = voice.speak(LONG, 't1');
      const queued = voice.speak('And this one is never heard.', 't1');
      while (call.loudFrames() < 25) await new Promise((resolve) => setTimeout(resolve, 20));
      const started = next(voice, 'speech-start');
      void call.say(clips.speech, voice.now());
      await started;
      voice.interrupt('t1');
      const cutAt = call.sent.length;
      const [cut, never] = await Promise.all([spoken, queued]);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(call.sent.slice(cutAt).some((f) => f.loud)).toBe(false);
      expect(cut.completed).toBe(false);
      expect(cut.heardText.length).toBeGreaterThan(0);
      expect(LONG.startsWith(cut.heardText)).toBe(true);
      expect(cut.heardText.length).toBeLessThan(LONG.length);
      expect(never).toMatchObject({ completed: false, heardText: '', firstAudioAtMs: null });
    } finally {
      voice.close();
      call.stop();
    }
  });

  it('endpointing: at the end of speech the words so far come at once; the turn ends the delay those words call for after it', async () => {
    const call = new LineCall();
    const voice = engines.createCallVoice(call.handle, plan());
    try {
      let speechEndSeenAt = 0;
      voice.once('speech-end', () => {
        speechEndSeenAt = voice.now();
      });
      // In the order the voice said them: the words so far, then the final.
      const said: Array<{ text: string; seenAt: number; final: boolean }> = [];
      voice.on('partial', ({ text }) => said.push({ text, seenAt: voice.now(), final: false }));
      voice.on('final', ({ text }) => said.push({ text, seenAt: voice.now(), final: true }));
      const ended = next(voice, 'speech-end');
      const final = next(voice, 'final');
      await call.say(clips.speech, 0);
      void call.say(new Int16Array(8000), clips.speech.length / 8);
      const end = await ended;
      const turn = await final;
      expect(turn.speechEndMs).toBe(end.atMs);
      // What pocketsphinx made of "Yes, I would like to hear more about the price." (its grammar has both parts).
      expect(turn.text).toMatch(/yes|price/);
      // The recogniser settled at the end of speech: the turn's words came as a partial before the final, and the
      // final reads the same (so a speculation started on them is adopted).
      const finalAt = said.findIndex((s) => s.final);
      const settled = said
        .slice(0, finalAt)
        .filter((p) => p.seenAt >= speechEndSeenAt)
        .at(-1);
      expect(settled?.text).toBe(turn.text);
      // The delay is the one the words call for (400 ms configured: a finished statement waits half of it), counted
      // from the end of speech as the VAD dates it, not from when the words or the VAD's report arrived (the rule
      // itself, on a virtual clock: turn-listener.test.ts).
      const delay = endpointingDelayMs(turn.text, 400);
      expect(delay).toBeLessThan(400);
      expect(turn.atMs - end.atMs).toBeGreaterThanOrEqual(delay);
    } finally {
      voice.close();
      call.stop();
    }
  });

  it('a Mandarin call without a vendor recogniser says so once, and its turns come out as empty finals', async () => {
    const call = new LineCall();
    const voice = engines.createCallVoice(call.handle, plan({ language: 'zh-CN' }));
    try {
      const failure = await next(voice, 'failure');
      expect(failure).toMatchObject({ stage: 'asr' });
      expect(failure.detail).toMatch(/no offline speech recogniser for zh-CN/);
      const final = next(voice, 'final');
      await call.say(clips.speech, 0);
      void call.say(new Int16Array(8000), clips.speech.length / 8);
      expect((await final).text).toBe('');
    } finally {
      voice.close();
      call.stop();
    }
  });

  it('a vendor TTS failing mid-sentence: an apology and the rest in the offline voice, the failure reported', async () => {
    const broken: TtsEngine = {
      async *synthesize() {
        yield new Int16Array(4000).fill(3000);
        throw new Error('connection reset');
      },
    };
    const withVendor = await SpeechEngines.create({
      workDir: join(dir, 'speech'),
      vendorEngines: (companyId) => ({ tts: (provider) => (companyId === 'acme' && provider === 'seed' ? broken : null), asr: () => null }),
    });
    const call = new LineCall();
    const voice = withVendor.createCallVoice(call.handle, { ...plan(), companyId: 'acme' });
    try {
      const failure = next(voice, 'failure');
      const spoken = await voice.speak('Our plans start at ten dollars a month.', 't1');
      expect(await failure).toMatchObject({ stage: 'tts' });
      expect(spoken.completed).toBe(true);
      // 0.5 s of the vendor's audio, then the apology and the rest: well over a second in all.
      expect(call.loudFrames()).toBeGreaterThan(50);
      const again = await voice.speak('Anything else?', 't2');
      expect(again.completed).toBe(true);
    } finally {
      voice.close();
      call.stop();
      await withVendor.close();
    }
  });
});
