import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scenarioDocumentSchema } from '@dialwise/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, tokens } from '../../test/fake-llm.ts';
import { startSpeakingFarEnd } from '../../test/speaking-far-end.ts';
import { ConverseStep } from '../conversation/converse-step.ts';
import type { ConversationPlan } from '../conversation/plan.ts';
import { CallSession, SipTrunk } from '../telephony/index.ts';
import { rms } from '../audio/pcm.ts';
import { parseWavHeader } from '../telephony/media/wav-writer.ts';
import { PRICE_ANSWER, PRICE_PHRASES, priceScenario, recognise, speechPart, synthesise } from './speech-test-kit.ts';
import { SpeechEngines, speechPlanOf } from './speech-engines.ts';
import { configureOutbound } from '../net/outbound-guard.ts';

// The fakes of external services listen on loopback, which the outbound guard refuses unless allowed.
configureOutbound({ allowHosts: ['127.0.0.1'] });

/**
 * The whole offline loop over real SIP on loopback: our SIP trunk calls a far end (a small UAS of ours
 * that speaks espeak-ng audio over RTP and keeps what it hears). The AI says its prologue (espeak-ng,
 * 8 kHz, PCMU), the far end asks the price, the AI hears it (Silero VAD + pocketsphinx on the RTP audio),
 * the router sends it to the main stream (a local fake LLM), the answer is spoken, and the far end's
 * recording of what it heard holds that answer, recognised again by the offline recogniser.
 */
const dir = mkdtempSync(join(tmpdir(), 'dialwise-speech-call-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let speech: SpeechEngines;
beforeAll(async () => {
  speech = await SpeechEngines.create({ workDir: join(dir, 'speech') });
});
afterAll(() => speech.close());

function pricePlan(llmUrl: string): ConversationPlan {
  const mainId = randomUUID();
  return {
    scenario: scenarioDocumentSchema.parse(priceScenario(mainId)),
    processors: new Map([
      [
        mainId,
        {
          id: mainId,
          alias: 'main',
          type: 'stream',
          systemPrompt: 'You sell Acme plans.',
          temperature: 0.5,
          topP: null,
          extra: {},
          endpoint: { url: llmUrl, calledName: 'fake', keyName: 'Authorization', apiKey: null },
        },
      ],
    ]),
    timeZone: 'UTC',
    language: 'en-US',
    advanced: { prologues: [] },
  };
}

describe('a speaking SIP call, offline engines', () => {
  it('the far end asks by voice, the AI hears it over RTP, answers in speech, and the far end hears the answer', async () => {
    const llm = await startFakeLlm(() => ({ kind: 'tokens', tokens: tokens(PRICE_ANSWER), delayMs: 5 }));
    const farEnd = await startSpeakingFarEnd({ lines: [await synthesise(speech.offlineTts, 'How much does it cost?', 'en-us+f3')] });
    const trunk = new SipTrunk({ recordingsDir: join(dir, 'recordings'), bindAddress: '127.0.0.1', rtpPorts: { min: 36000, max: 36198 } });
    try {
      const plan = pricePlan(llm.url);
      const call = trunk.dial({
        to: '13800000001',
        callerId: '02100000000',
        line: { username: 'u', password: 'p', domain: farEnd.address, port: farEnd.port },
        ringTimeoutMs: 10_000,
        recordingPath: join(dir, 'call.wav'),
      });
      const step = new ConverseStep({
        plan,
        call: { prologueInfo: '', businessInfo: {} },
        createVoice: (session) => speech.createCallVoice(session.call, speechPlanOf(plan)),
        seats: null,
        transfer: { callId: call.id, companyId: 'c', projectId: 'p', taskId: 't', subtaskId: '1' },
        firstTokenTimeoutMs: 5000,
      });
      const { result } = await new CallSession(call, [step]).run();

      expect(await farEnd.ended).toBe('we-hung-up');
      expect(result).toMatchObject({ outcome: 'answered', endReason: 'remote-bye', hungUpBy: 'callee' });
      expect(step.failures).toEqual([]);
      // What the AI heard, and what it answered.
      const lines = step.history.lines.map((line) => ({ speaker: line.speaker, text: line.text }));
      expect(lines).toEqual([
        { speaker: 'ai', text: 'Hello, this is Lin from Acme.' },
        { speaker: 'customer', text: 'how much does it cost' },
        { speaker: 'ai', text: PRICE_ANSWER },
      ]);
      expect(llm.requests.at(-1)?.messages.at(-1)).toMatchObject({ role: 'user', content: 'how much does it cost' });
      const turn = step.turns.find((t) => t.action === 'answer');
      expect(turn?.route).toBe('Price');

      // The far end heard the answer: recognise what it heard after its own line.
      const heard = farEnd.heard();
      const asked = farEnd.spoke[0]!;
      const afterQuestion = speechPart(heard.subarray(asked.heardAtEnd));
      const recognised = await recognise(speech.offlineAsr, afterQuestion, PRICE_PHRASES);
      expect(recognised).toContain('ten dollars a month');
      // The prologue has a pause after "Hello," (two utterances for pocketsphinx): its first word is enough here.
      const prologue = await recognise(speech.offlineAsr, speechPart(heard.subarray(0, asked.heardAtStart)), [
        'ten dollars a month',
        'hello',
        'thank you goodbye',
      ]);
      expect(prologue).toContain('hello');

      // Both sides in the recording: the callee's question on the left, our speech on the right.
      const wav = readFileSync(join(dir, 'call.wav'));
      const header = parseWavHeader(wav)!;
      expect(header.channels).toBe(2);
      const samples = new Int16Array(wav.buffer.slice(wav.byteOffset + 44, wav.byteOffset + wav.length - ((wav.length - 44) % 4)));
      const left = samples.filter((_, i) => i % 2 === 0);
      const right = samples.filter((_, i) => i % 2 === 1);
      expect(rms(left)).toBeGreaterThan(300);
      expect(rms(right)).toBeGreaterThan(300);
    } finally {
      await trunk.close();
      await farEnd.close();
      await llm.close();
    }
  });
});
