import { useSimulatedCalls } from '../../test/simulated-calls.ts';
import { randomUUID } from 'node:crypto';
import { scenarioDocumentSchema } from '@dialwise/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeLlm, startFakeLlm, tokens } from '../../test/fake-llm.ts';
import { configureOutbound } from '../net/outbound-guard.ts';
import { speakingMs } from '../audio/pcm.ts';
import { TimerSet } from '../telephony/index.ts';
import { msToWordBoundary, type SpokenSentence } from './call-voice.ts';
import { startFiller } from './filler.ts';
import type { ConversationPlan } from './plan.ts';
import { Reply } from './reply.ts';
import { TextCallVoice } from './text-call-voice.ts';

configureOutbound({ allowHosts: ['127.0.0.1'] });
const calls = useSimulatedCalls('filler');
let fake: FakeLlm | null = null;
const timers = new TimerSet();

/**
 * Virtual time: the filler's interval, the voice, the simulated call and its media clock all run on fake timers,
 * moved on by the test; only the model (a real HTTP server) is awaited in real time, with virtual time standing
 * still. What the tests say about when things happen is then exact, however busy the machine.
 */
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'performance', 'Date'] });
});
afterEach(async () => {
  timers.clearAll();
  await fake?.close();
  fake = null;
  // The trunk closes on real time (its calls' last frames and recordings are let go on their own).
  vi.useRealTimers();
});

/** Moves virtual time on by `ms`, letting promise callbacks run between timers. */
const pass = (ms: number) => vi.advanceTimersByTimeAsync(ms);

/**
 * Waits in real time, virtual time standing still, until `holds()` (what the model's answer leads to). Not
 * expect.poll: under fake timers it moves virtual time on at each look. Bounded by the test's timeout.
 */
const realTimeout = globalThis.setTimeout;
async function once(holds: () => boolean): Promise<void> {
  while (!holds()) await new Promise((resolve) => realTimeout(resolve, 5));
}

const fillerId = randomUUID();

/** The scenario's interval is at least 200 ms: the filler runs at `scale` so the tests' intervals are shorter. */
function plan(): ConversationPlan {
  return {
    scenario: scenarioDocumentSchema.parse({
      name: 'Test',
      dialogAsr: { provider: 'seed', url: 'wss://asr.example.com/v1' },
      tts: { provider: 'seed', url: 'wss://tts.example.com/v1' },
      filler: { processorId: fillerId, intervalMs: 200 },
    }),
    processors: new Map([
      [
        fillerId,
        {
          id: fillerId,
          alias: 'filler',
          type: 'filler',
          systemPrompt: 'Say a filler.',
          temperature: 0.9,
          topP: null,
          extra: {},
          endpoint: { url: fake!.url, calledName: 'fake', keyName: 'Authorization', apiKey: null },
        },
      ],
    ]),
    timeZone: 'Asia/Shanghai',
    language: 'en-US',
    advanced: { prologues: [] },
  };
}

async function voice(): Promise<TextCallVoice> {
  const answered = calls.answered('voicemail', 0.1);
  // Trying, ringing and the answer, scaled.
  await pass(200);
  return new TextCallVoice(await answered, 0.1);
}

function start(reply: Reply, scale: number, textVoice: TextCallVoice, heard: SpokenSentence[]) {
  return startFiller(reply, {
    plan: plan(),
    voice: () => textVoice,
    messages: () => [{ role: 'system', content: 'Say a filler.' }],
    after: (ms, fn) => timers.after(ms, fn),
    clear: (timer) => timers.clear(timer),
    scale,
    heard: (spoken) => heard.push(spoken),
    failure: () => undefined,
    done: () => false,
  });
}

describe('the filler', () => {
  it('says its line at the interval while the answer has nothing yet, and again each interval', async () => {
    fake = await startFakeLlm(() => ({ kind: 'tokens', tokens: tokens('One moment.') }));
    const heard: SpokenSentence[] = [];
    const filler = start(new Reply('hi', 'r', 'answer', 0, true), 1, await voice(), heard);
    // Nothing before the interval (200 ms), though its line is ready.
    await once(() => fake!.requests.length === 1);
    await pass(199);
    expect(filler.said).toBe(0);
    // At the interval it is said; the next line is asked for at once and said an interval later.
    await pass(1);
    await once(() => filler.said === 1);
    await pass(199);
    expect(filler.said).toBe(1);
    await pass(1);
    await once(() => filler.said === 2);
    filler.stop();
    // Each is heard whole ("One moment." lasts ~80 ms at this scale).
    await pass(500);
    expect(heard).toHaveLength(2);
    for (const spoken of heard) expect(spoken).toMatchObject({ text: 'One moment.', heardText: 'One moment.', completed: true });
    expect(heard[1]!.firstAudioAtMs! - heard[0]!.firstAudioAtMs!).toBe(200);
  });

  it('is not started once the answer is under way (a token came) or the filler was stopped', async () => {
    fake = await startFakeLlm(() => ({ kind: 'tokens', tokens: tokens('One moment.') }));
    const heard: SpokenSentence[] = [];
    const textVoice = await voice();
    const flowing = new Reply('hi', 'r', 'answer', 0, true);
    const a = start(flowing, 0.75, textVoice, heard);
    flowing.timing.llmFirstTokenMs = 100;
    const b = start(new Reply('hi', 'r', 'answer', 0, true), 0.75, textVoice, heard);
    b.stop();
    // A filler of a reply with nothing yet, asked for its line last: once it has said it, the others' lines are in too.
    const control = start(new Reply('hi', 'r', 'answer', 0, true), 0.75, textVoice, []);
    await pass(150);
    await once(() => control.said === 1);
    control.stop();
    await pass(600);
    expect(a.said + b.said).toBe(0);
    expect(heard).toEqual([]);
  });

  it('an answer sentence ready while a filler plays cuts it at its next word boundary; the answer plays at once', async () => {
    const line = 'One moment please, let me look that up for you right now.';
    fake = await startFakeLlm(() => ({ kind: 'tokens', tokens: tokens(line) }));
    const heard: SpokenSentence[] = [];
    const textVoice = await voice();
    const reply = new Reply('hi', 'r', 'answer', 0, true);
    const filler = start(reply, 0.25, textVoice, heard);
    // The filler (interval 50 ms) starts playing; it lasts 57 characters × 70 ms × 0.1 ≈ 400 ms.
    await pass(50);
    await once(() => filler.said === 1);
    const startedAt = textVoice.now();
    // 120 ms into it, the answer's first sentence is ready.
    await pass(120);
    const readyAt = textVoice.now();
    filler.stop();
    const answered = textVoice.speak('Your plan renews at the same price.', reply.id);
    await pass(1000);
    const answer = await answered;
    // The one playing was cut; any filler queued behind it (its next line, asked for at once) was never started.
    expect(heard).toHaveLength(filler.said);
    const cut = heard.find((spoken) => spoken.firstAudioAtMs !== null)!;
    for (const dropped of heard.filter((spoken) => spoken !== cut)) expect(dropped).toMatchObject({ heardText: '', firstAudioAtMs: null });
    // It was cut at the first word boundary after the point the answer was ready, and the answer began right there.
    const fillerMs = Math.round(speakingMs(line) * 0.1);
    const toBoundary = msToWordBoundary(line, readyAt - startedAt, fillerMs);
    expect(toBoundary).toBeGreaterThan(0);
    expect(cut).toMatchObject({ firstAudioAtMs: startedAt, completed: false });
    expect(cut.endedAtMs).toBe(readyAt + toBoundary);
    expect(answer.firstAudioAtMs).toBe(cut.endedAtMs);
    const boundary = line.indexOf(' ', Math.floor((line.length * (readyAt - startedAt)) / fillerMs));
    expect(cut.heardText).toBe(line.slice(0, boundary));
  });
});
