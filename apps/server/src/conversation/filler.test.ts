import { useSimulatedCalls } from '../../test/simulated-calls.ts';
import { randomUUID } from 'node:crypto';
import { scenarioDocumentSchema } from '@dialwise/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { type FakeLlm, startFakeLlm, tokens } from '../../test/fake-llm.ts';
import { configureOutbound } from '../net/outbound-guard.ts';
import { TimerSet } from '../telephony/index.ts';
import type { SpokenSentence } from './call-voice.ts';
import { startFiller } from './filler.ts';
import type { ConversationPlan } from './plan.ts';
import { Reply } from './reply.ts';
import { TextCallVoice } from './text-call-voice.ts';

configureOutbound({ allowHosts: ['127.0.0.1'] });
const calls = useSimulatedCalls('filler');
let fake: FakeLlm | null = null;
const timers = new TimerSet();
afterEach(async () => {
  timers.clearAll();
  await fake?.close();
  fake = null;
});

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
  return new TextCallVoice(await calls.answered('voicemail', 0.1), 0.1);
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
    await expect.poll(() => heard.length, { timeout: 3000 }).toBeGreaterThanOrEqual(2);
    filler.stop();
    expect(heard[0]).toMatchObject({ text: 'One moment.', heardText: 'One moment.', completed: true });
    expect(filler.said).toBeGreaterThanOrEqual(2);
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
    await new Promise((resolve) => setTimeout(resolve, 600));
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
    await expect.poll(() => filler.said, { timeout: 3000 }).toBeGreaterThanOrEqual(1);
    // ~120 ms into the filler (it lasts 57 × 70 × 0.1 ≈ 400 ms) the answer's first sentence is ready.
    await new Promise((resolve) => setTimeout(resolve, 120));
    const readyAt = textVoice.now();
    filler.stop();
    const answer = await textVoice.speak('Your plan renews at the same price.', reply.id);
    await expect.poll(() => heard.length).toBe(filler.said);
    // The one playing was cut at a word boundary; any filler still queued behind it was never started.
    const cut = heard.find((spoken) => spoken.firstAudioAtMs !== null);
    const queued = heard.filter((spoken) => spoken !== cut);
    expect(cut!.completed).toBe(false);
    expect(line.startsWith(cut!.heardText)).toBe(true);
    expect(cut!.heardText.length).toBeGreaterThan(0);
    expect(line[cut!.heardText.length]).toBe(' ');
    for (const dropped of queued) expect(dropped).toMatchObject({ heardText: '', firstAudioAtMs: null });
    // At most one word (here ≤ 10 characters × 7 ms) after it was ready, plus a timer's slack.
    expect(answer.firstAudioAtMs! - readyAt).toBeLessThan(10 * 7 + 40);
  });
});
