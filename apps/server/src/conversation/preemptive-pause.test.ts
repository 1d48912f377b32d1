import { EventEmitter } from 'node:events';
import { randomUUID } from 'node:crypto';
import { scenarioDocumentSchema } from '@dialwise/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeLlm, startFakeLlm, tokens } from '../../test/fake-llm.ts';
import { useSimulatedCalls } from '../../test/simulated-calls.ts';
import { configureOutbound } from '../net/outbound-guard.ts';
import { CallSession } from '../telephony/index.ts';
import type { CallVoice, CallVoiceEvents, SpeechKind, SpokenSentence } from './call-voice.ts';
import { ConverseStep } from './converse-step.ts';
import type { ConversationPlan } from './plan.ts';

/**
 * The speculation started at the VAD's tentative end of speech (its first quiet window, `speech-pause`), at the
 * level of the conductor and on a virtual clock: the callee's speech events are played by hand at exact call
 * times, our sentences are taken as heard at once, and only the model (a real HTTP server on loopback) is awaited
 * in real time, virtual time standing still. What the tests say about order and cause — started, aborted,
 * adopted, what was said and kept — then holds however busy the machine is.
 */
configureOutbound({ allowHosts: ['127.0.0.1'] });
const calls = useSimulatedCalls('preemptive-pause');
let fake: FakeLlm | null = null;

afterEach(async () => {
  await fake?.close();
  fake = null;
  vi.useRealTimers();
});

/** Moves virtual time on by `ms`, letting promise callbacks run between timers. */
const pass = (ms: number) => vi.advanceTimersByTimeAsync(ms);
const realTimeout = globalThis.setTimeout;
/** Waits in real time, virtual time standing still, until `holds()` (what the model's answer leads to). */
async function once(holds: () => boolean): Promise<void> {
  while (!holds()) await new Promise((resolve) => realTimeout(resolve, 5));
}

const mainId = randomUUID();
const ANSWER = 'It stays at 99 yuan a month.';

function plan(): ConversationPlan {
  return {
    scenario: scenarioDocumentSchema.parse({
      name: 'Test',
      dialogAsr: { provider: 'offline', url: '' },
      tts: { provider: 'offline', url: '' },
      prologues: [{ text: 'Hello, this is Lin from Acme.', interruptible: false }],
      routers: [{ name: 'Talk', target: { kind: 'stream', mainId } }],
    }),
    processors: new Map([
      [
        mainId,
        {
          id: mainId,
          alias: 'main',
          type: 'stream',
          systemPrompt: 'You are Lin.',
          temperature: 0.5,
          topP: null,
          extra: {},
          endpoint: { url: fake!.url, calledName: 'fake', keyName: 'Authorization', apiKey: null },
        },
      ],
    ]),
    timeZone: 'Asia/Shanghai',
    language: 'en-US',
    advanced: { prologues: [], pauseSeconds: 0 },
  };
}

/**
 * The call's ears and voice played by hand: the test says what the VAD and the recogniser heard, and each sentence
 * handed to speech is heard whole at once (with how many model requests had been made when it was handed).
 */
class HandVoice extends EventEmitter<CallVoiceEvents> implements CallVoice {
  readonly handed: Array<{ sentence: string; kind: SpeechKind; requests: number }> = [];
  private readonly startedAt = performance.now();

  now(): number {
    return Math.round(performance.now() - this.startedAt);
  }

  speak(sentence: string, turnId: string, kind: SpeechKind = 'answer'): Promise<SpokenSentence> {
    this.handed.push({ sentence, kind, requests: fake?.requests.length ?? 0 });
    const at = this.now();
    return Promise.resolve({
      turnId,
      text: sentence,
      heardText: sentence,
      completed: true,
      firstAudioAtMs: at,
      sentAtMs: at,
      endedAtMs: at,
    });
  }

  interrupt(): void {}
  close(): void {}

  /** What the VAD and the recogniser say, at the call's time now. */
  hear(event: 'speech-start' | 'speech-pause' | 'speech-resume' | 'speech-end'): void {
    this.emit(event, { atMs: this.now() });
  }
  words(text: string): void {
    this.emit('partial', { text, atMs: this.now() });
  }
  final(text: string, speechEndMs: number): void {
    this.emit('final', { text, atMs: this.now(), speechEndMs });
  }
  answers(): string[] {
    return this.handed.filter((h) => h.kind === 'answer' && h.sentence !== 'Hello, this is Lin from Acme.').map((h) => h.sentence);
  }
}

/** A conversation past its opening, the line quiet: the test speaks for the callee. */
async function conversation() {
  // Answered in real time (the simulated trunk rings on its own clock); the conversation runs on virtual time.
  const call = await calls.answered('voicemail', 1);
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'performance', 'Date'] });
  let made: HandVoice | null = null;
  const step = new ConverseStep({
    plan: plan(),
    call: { prologueInfo: '', businessInfo: {} },
    createVoice: () => {
      made = new HandVoice();
      return made;
    },
    seats: null,
    transfer: { callId: call.id, companyId: 'c', projectId: 'p', taskId: 't', subtaskId: '1' },
  });
  const running = new CallSession(call, [step]).run();
  await pass(0);
  const voice = made as HandVoice | null;
  if (!voice) throw new Error('the step made no voice');
  await pass(1000);
  expect(step.turns).toHaveLength(1); // the opening, heard
  const end = async () => {
    vi.useRealTimers();
    void call.hangup();
    await running;
  };
  return { step, voice, end };
}

const customerLines = (step: ConverseStep) => step.history.lines.filter((line) => line.speaker === 'customer').map((line) => line.text);
const aiLines = (step: ConverseStep) => step.history.lines.filter((line) => line.speaker === 'ai').map((line) => line.text);

describe('a speculation started at the tentative end of speech', () => {
  it('starts at the first quiet window on the words so far, and is adopted when the end is confirmed and the final agrees', async () => {
    fake = await startFakeLlm(() => ({ kind: 'tokens', tokens: tokens(ANSWER) }));
    const { step, voice, end } = await conversation();
    voice.hear('speech-start');
    await pass(1200);
    // The VAD's first quiet window: 256 ms before it will say the speech ended. The recogniser's words so far follow.
    const speechEndMs = voice.now();
    voice.hear('speech-pause');
    voice.words('How much does it cost?');
    expect(step.preemption).toMatchObject({ started: 1, used: 0, cancelled: 0 });
    // The model is asked now, and has answered, before the VAD has confirmed anything: nothing is said yet.
    await once(() => fake!.finished === 1);
    await pass(0);
    expect(voice.answers()).toEqual([]);
    expect(customerLines(step)).toEqual([]);
    // The VAD confirms the end 256 ms after the quiet began; the final comes after the endpointing delay.
    await pass(256);
    voice.hear('speech-end');
    await pass(44);
    voice.final('How much does it cost?', speechEndMs);
    await pass(0);
    await once(() => step.turns.length === 2 && step.turns[1]!.totalMs !== null);
    // Said at once from what was held: no model request after the final, one request in all.
    expect(voice.handed.filter((h) => h.sentence === ANSWER)).toEqual([{ sentence: ANSWER, kind: 'answer', requests: 1 }]);
    expect(fake.requests).toHaveLength(1);
    expect(step.preemption).toEqual({ started: 1, used: 1, cancelled: 0, extraRequests: 0 });
    expect(customerLines(step)).toEqual(['How much does it cost?']);
    expect(aiLines(step)).toEqual(['Hello, this is Lin from Acme.', ANSWER]);
    // The answer's stages count from the speculation's start, which was the end of speech.
    expect(step.turns[1]).toMatchObject({ user: 'How much does it cost?', speechEndMs, action: 'answer' });
    await end();
  });

  it('is cancelled when the callee goes on: the model request is aborted, nothing is said or kept, and the turn answers the whole words', async () => {
    // The first answer is held after its first token until the test is over: the model is still answering when the
    // callee goes on, by construction.
    let hold: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      hold = resolve;
    });
    let asked = 0;
    fake = await startFakeLlm(() =>
      asked++ === 0
        ? { kind: 'tokens', tokens: tokens('It stays at 99 yuan'), hold: { afterTokens: 1, until: held } }
        : { kind: 'tokens', tokens: tokens(ANSWER) },
    );
    const { step, voice, end } = await conversation();
    voice.hear('speech-start');
    await pass(800);
    // A quiet window mid-question: a speculation on "How much".
    voice.hear('speech-pause');
    voice.words('How much');
    expect(step.preemption).toMatchObject({ started: 1, cancelled: 0 });
    await once(() => fake!.requests.length === 1);
    // The callee goes on within the VAD's hang-over: the speculation is dropped and its request aborted.
    await pass(64);
    voice.hear('speech-resume');
    expect(step.preemption).toEqual({ started: 1, used: 0, cancelled: 1, extraRequests: 1 });
    await once(() => fake!.cancelled === 1);
    await pass(0);
    expect(voice.answers()).toEqual([]);
    expect(step.history.lines.map((line) => line.text)).toEqual(['Hello, this is Lin from Acme.']);
    // Their real end: paused, the words, confirmed, final.
    await pass(700);
    const speechEndMs = voice.now();
    voice.hear('speech-pause');
    voice.words('How much does it cost for a year?');
    await pass(256);
    voice.hear('speech-end');
    await pass(300);
    voice.final('How much does it cost for a year?', speechEndMs);
    await pass(0);
    await once(() => step.turns.length === 2 && step.turns[1]!.totalMs !== null);
    // One answer, to the whole question, once; the half question was never a turn nor a line.
    expect(voice.answers()).toEqual([ANSWER]);
    expect(customerLines(step)).toEqual(['How much does it cost for a year?']);
    expect(aiLines(step)).toEqual(['Hello, this is Lin from Acme.', ANSWER]);
    expect(step.turns.map((turn) => turn.user)).toEqual(['', 'How much does it cost for a year?']);
    expect(step.preemption).toEqual({ started: 2, used: 1, cancelled: 1, extraRequests: 1 });
    expect(fake.requests).toHaveLength(2);
    hold();
    await end();
  });

  it('a pause with words the final does not agree with is not spoken: the final is answered, the speculation counted as extra', async () => {
    fake = await startFakeLlm(() => ({ kind: 'tokens', tokens: tokens(ANSWER) }));
    const { step, voice, end } = await conversation();
    voice.hear('speech-start');
    await pass(900);
    const speechEndMs = voice.now();
    // The words read at the pause ("who is") are not what the recogniser finally made of the turn.
    voice.hear('speech-pause');
    voice.words('who is');
    await once(() => fake!.finished === 1);
    await pass(256);
    voice.hear('speech-end');
    await pass(300);
    voice.final('who is this', speechEndMs);
    await pass(0);
    await once(() => step.turns.length === 2 && step.turns[1]!.totalMs !== null);
    expect(customerLines(step)).toEqual(['who is this']);
    expect(voice.answers()).toEqual([ANSWER]);
    // The answer said was asked for after the final (the speculation's request was the first).
    expect(voice.handed.find((h) => h.sentence === ANSWER)?.requests).toBe(2);
    expect(step.preemption).toEqual({ started: 1, used: 0, cancelled: 1, extraRequests: 1 });
    await end();
  });
});
