import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ScenarioDocumentInput, type Speaker, scenarioDocumentSchema } from '@dialwise/contracts';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { type FakeLlm, type FakeLlmRequest, type FakeReply, startFakeLlm, tokens } from '../../test/fake-llm.ts';
import type { SeatDispatcher, TransferRequest } from './seat-dispatcher.ts';
import { type CallHandle, CallSession, type Persona, SimulatedTrunk } from '../telephony/index.ts';
import { speakingMs } from '../audio/pcm.ts';
import { VOICEMAIL_GREETING } from '../telephony/simulated/simulated-callee.ts';
import { ConverseStep, type ConverseOptions } from './converse-step.ts';
import type { ConversationPlan, ProcessorPlan } from './plan.ts';
import { conversationOf } from './history.ts';
import { chatMessagesOf } from './llm-client.ts';
import { HANDOVER_MARKER } from './handover-summary.ts';
import type { SpeechKind, SpokenSentence } from './call-voice.ts';
import { TextCallVoice } from './text-call-voice.ts';
import { configureOutbound } from '../net/outbound-guard.ts';

// The fakes listen on loopback, which the outbound guard refuses unless allowed: allowed here explicitly.
configureOutbound({ allowHosts: ['127.0.0.1'] });

const recordingsDir = mkdtempSync(join(tmpdir(), 'dialwise-converse-'));
afterAll(() => rmSync(recordingsDir, { recursive: true, force: true }));

/** Simulated durations run at 1/20 of real time. */
const SCALE = 0.05;

let fake: FakeLlm | null = null;
const trunks: SimulatedTrunk[] = [];
afterEach(async () => {
  await Promise.all(trunks.splice(0).map((trunk) => trunk.close()));
  await fake?.close();
  fake = null;
});

const ids = { main: randomUUID(), referee: randomUUID(), rewrite: randomUUID(), filler: randomUUID(), analysis: randomUUID() };

function processor(id: string, type: ProcessorPlan['type'], systemPrompt = 'You are Lin.'): ProcessorPlan {
  return {
    id,
    alias: type,
    type,
    systemPrompt,
    temperature: 0.5,
    topP: null,
    extra: {},
    endpoint: { url: fake!.url, calledName: 'fake', keyName: 'Authorization', apiKey: null },
  };
}

function plan(document: Partial<ScenarioDocumentInput> = {}): ConversationPlan {
  const scenario = scenarioDocumentSchema.parse({
    name: 'Test',
    dialogAsr: { provider: 'seed', url: 'wss://asr.example.com/v1' },
    tts: { provider: 'seed', url: 'wss://tts.example.com/v1' },
    prologues: [{ text: 'Hello, this is Lin from Acme.', interruptible: false }],
    tools: [
      { kind: 'hangup', alias: 'bye', text: 'Thank you, goodbye.' },
      { kind: 'transfer', alias: 'human', successText: 'Connecting you now.', failureText: 'Sorry, nobody is free.' },
    ],
    routers: [
      {
        name: 'Not interested',
        match: 'any',
        conditions: [{ type: 'content', role: 'user', keywords: ['not interested', "don't have time", 'take me off'] }],
        target: { kind: 'tool', toolAlias: 'bye' },
      },
      {
        name: 'Wants a person',
        match: 'any',
        conditions: [{ type: 'content', role: 'user', keywords: ['real person', 'agent'] }],
        target: { kind: 'tool', toolAlias: 'human' },
      },
      { name: 'Talk', target: { kind: 'stream', mainId: ids.main } },
    ],
    ...document,
  });
  return {
    scenario,
    processors: new Map([
      [ids.main, processor(ids.main, 'stream')],
      [ids.referee, processor(ids.referee, 'referee')],
      [ids.rewrite, processor(ids.rewrite, 'stream', 'Rewrite it.')],
      [ids.filler, processor(ids.filler, 'filler', 'Say a filler.')],
      [ids.analysis, processor(ids.analysis, 'analysis', 'Summarise the finished call.')],
    ]),
    timeZone: 'Asia/Shanghai',
    language: 'en-US',
    advanced: { prologues: [] },
  };
}

/** Dials `to` on a new simulated trunk (closed after the test) whose callee answers as `callee` says. */
function dialAnswered(
  callee: { timeScale: number; persona: Persona; talkMs: number; ringMs: number },
  to: string,
  callerId: string,
): CallHandle {
  const { timeScale, ...answer } = callee;
  const trunk = new SimulatedTrunk({
    recordingsDir,
    seed: 3,
    timeScale,
    mix: { answered: 1 },
    plan: () => ({ outcome: 'answered', ...answer }),
  });
  trunks.push(trunk);
  return trunk.dial({ to, callerId, line: { username: 'u', password: 'p', domain: 'sim', port: 5060 }, ringTimeoutMs: 30_000 });
}

/** Places one answered simulated call with the persona and runs the converse step on it. */
async function converse(
  persona: Persona,
  conversation: ConversationPlan,
  extra: Partial<ConverseOptions> = {},
  talkMs = 60_000,
  scale = SCALE,
): Promise<{ step: ConverseStep; hungUpBy: string; session: CallSession }> {
  const call = dialAnswered({ timeScale: scale, persona, talkMs, ringMs: 100 }, '13800000001', '02100000000');
  const step = new ConverseStep({
    plan: conversation,
    call: { prologueInfo: 'Hello Mr Li', businessInfo: { plan: 'gold' } },
    createVoice: (session) => new TextCallVoice(session.call, scale),
    seats: null,
    transfer: { callId: call.id, companyId: 'c', projectId: 'p', taskId: 't', subtaskId: '1' },
    timeScale: scale,
    firstTokenTimeoutMs: 1500,
    ...extra,
  });
  const session = new CallSession(call, [step]);
  const { result } = await session.run();
  return { step, hungUpBy: result.hungUpBy, session };
}

function serve(script: (request: FakeLlmRequest) => FakeReply) {
  return startFakeLlm(script).then((started) => {
    fake = started;
  });
}

const said = (step: ConverseStep, speaker: Speaker) =>
  step.history.lines.filter((line) => line.speaker === speaker).map((line) => line.text);

/**
 * The text voice, noting each sentence handed to it (with how many model requests had been made by then) and
 * what became of it, in the order they ended. The tests below assert on this order, not on durations.
 */
class WatchedVoice extends TextCallVoice {
  readonly handed: Array<{ sentence: string; kind: SpeechKind; requests: number }> = [];
  readonly ended: Array<SpokenSentence & { kind: SpeechKind }> = [];
  onHanded: ((sentence: string, kind: SpeechKind) => void) | null = null;

  override speak(sentence: string, turnId: string, kind: SpeechKind = 'answer'): Promise<SpokenSentence> {
    this.handed.push({ sentence, kind, requests: fake?.requests.length ?? 0 });
    this.onHanded?.(sentence, kind);
    const spoken = super.speak(sentence, turnId, kind);
    void spoken.then((result) => this.ended.push({ ...result, kind }));
    return spoken;
  }
}

/**
 * Holds for the fake model's streams: `until()` is a promise a test settles when what it waits for has happened
 * (`releaseAll`). One that is never released lets go after 10 s and is counted in `unheld`: the behaviour the
 * hold waits for did not come (without it the call would hang to the test's timeout instead of failing).
 */
function holds() {
  const waiting = new Set<() => void>();
  const state = { unheld: 0 };
  return {
    until: () =>
      new Promise<void>((resolve) => {
        const release = () => {
          waiting.delete(release);
          resolve();
        };
        waiting.add(release);
        setTimeout(() => {
          if (!waiting.has(release)) return;
          state.unheld++;
          release();
        }, 10_000).unref();
      }),
    releaseAll: () => {
      for (const release of [...waiting]) release();
    },
    get unheld() {
      return state.unheld;
    },
  };
}

describe('the converse step on the simulated trunk', () => {
  it('speaks the prologue, then answers the callee turn after turn through the main stream, and times each turn', async () => {
    await serve(() => ({ kind: 'tokens', tokens: tokens('The renewal keeps your price. Shall I renew it?') }));
    const { step } = await converse('interested', plan(), {}, 30_000);
    const ai = said(step, 'ai');
    // The opening says who is calling, with the subtask's prologue info as its personal part (not instead of it).
    expect(ai[0]).toBe('Hello Mr Li. Hello, this is Lin from Acme.');
    expect(ai.filter((text) => text.startsWith('The renewal keeps your price.')).length).toBeGreaterThanOrEqual(2);
    expect(said(step, 'customer').length).toBeGreaterThanOrEqual(2);
    // Answers the callee talked over before the first token have no model timings: look at those heard through.
    const answered = step.turns.filter((turn) => turn.action === 'answer' && !turn.interrupted);
    expect(answered.length).toBeGreaterThanOrEqual(2);
    for (const turn of answered) {
      expect(turn.route).toBe('Talk');
      expect(turn.llmFirstTokenMs).toEqual(expect.any(Number));
      expect(turn.firstSentenceMs).toBeGreaterThanOrEqual(turn.llmFirstTokenMs!);
      expect(turn.totalMs).toEqual(expect.any(Number));
    }
    // The wait the callee heard: end of their speech → the answer's first frame sent, after its sentence was ready.
    // (A last answer the callee hung up on before its first frame went out has none.)
    const heard = answered.filter((turn) => turn.heardAfterMs !== null);
    expect(heard.length).toBeGreaterThanOrEqual(1);
    for (const turn of heard)
      expect(turn.heardAfterMs!).toBeGreaterThanOrEqual(turn.firstSentenceMs! + turn.finalAtMs! - turn.speechEndMs!);
    // The prompt carries the subtask's information, the local time and the conversation so far.
    const request = fake!.requests.at(-1)!;
    expect(request.messages[0]!.content).toContain('About this callee: Hello Mr Li');
    expect(request.messages[0]!.content).toContain('plan: gold');
    expect(request.messages[0]!.content).toContain('Asia/Shanghai');
    expect(request.messages.some((m) => m.role === 'assistant' && m.content === 'Hello Mr Li. Hello, this is Lin from Acme.')).toBe(true);
  });

  it('a content router sends "not interested" to the hang-up tool: its text is said and we hang up', async () => {
    await serve(() => ({ kind: 'tokens', tokens: tokens('Let me tell you more.') }));
    const { step, hungUpBy } = await converse('not_interested', plan());
    expect(hungUpBy).toBe('us');
    expect(said(step, 'ai').at(-1)).toBe('Thank you, goodbye.');
    expect(step.turns.at(-1)).toMatchObject({ action: 'hangup', route: 'Not interested' });
  });

  it('a transfer with no seat free says the failure text and the conversation goes on', async () => {
    await serve(() => ({ kind: 'tokens', tokens: tokens('Happy to help.') }));
    const { step } = await converse('wants_human', plan(), {}, 10_000);
    expect(said(step, 'ai')).toContain('Sorry, nobody is free.');
    expect(step.turns.some((turn) => turn.action === 'transfer' && turn.route === 'Wants a person')).toBe(true);
    expect(step.operatorId).toBeNull();
    // Asked again, the callee does not hear the same failure text twice in a row.
    const ai = said(step, 'ai');
    for (let i = 1; i < ai.length; i++) expect(ai[i]).not.toBe(ai[i - 1]);
  });

  it('a transfer a seat takes says the success text, hands over, and the AI stops speaking', async () => {
    await serve(() => ({ kind: 'tokens', tokens: tokens('Happy to help.') }));
    let connected = false;
    const seats: SeatDispatcher = {
      transfer: async (request) => ({
        ok: true,
        seat: {
          operatorId: 'op-1',
          connect: async () => {
            connected = true;
          },
          ended: request.call.ended.then(() => ({ by: 'callee' as const })),
        },
      }),
    };
    const { step } = await converse('wants_human', plan(), { seats }, 10_000);
    expect(connected).toBe(true);
    expect(step.operatorId).toBe('op-1');
    const ai = said(step, 'ai');
    expect(ai.at(-1)).toBe('Connecting you now.');
  });

  it("a transfer hands the seat the handover note: the analysis model's when the scenario has one (not awaited), else the conversation's own at once", async () => {
    await serve((request) =>
      request.messages.at(-1)!.content.includes(HANDOVER_MARKER)
        ? { kind: 'tokens', tokens: tokens('Mr Li wants a real person about his gold plan.'), firstDelayMs: 200 }
        : { kind: 'tokens', tokens: tokens('Happy to help.') },
    );
    const asked: TransferRequest[] = [];
    const seats: SeatDispatcher = {
      transfer: async (request) => {
        asked.push(request);
        return { ok: false, reason: 'no-seat' };
      },
    };
    const withAnalysis = plan({ analysis: { processorId: ids.analysis } });
    // The model must win however busy the machine (at load 19 it took over 3 s): the timeout's own path is
    // handover-summary.test.ts's.
    const { step } = await converse('wants_human', withAnalysis, { seats, summaryTimeoutMs: 60_000 }, 10_000);
    const note = asked[0]!.summary;
    // The dispatcher got a note still being written: it offers the call without waiting for it.
    expect(note).toBeInstanceOf(Promise);
    expect(await note).toBe('Mr Li wants a real person about his gold plan.');
    const request = fake!.requests.find((r) => r.messages.at(-1)!.content.includes(HANDOVER_MARKER))!;
    expect(request.messages.at(-1)!.content).toMatch(/Customer: .*(real person|agent)/i);
    expect(
      step.failures.filter((failure) => failure.failure.startsWith('summary-')),
      JSON.stringify(step.failures),
    ).toEqual([]);

    asked.length = 0;
    await converse('wants_human', plan(), { seats }, 10_000);
    const own = asked[0]!.summary;
    expect(typeof own).toBe('string');
    expect(own).toMatch(
      /^The customer asked for a person: ".*(real person|agent).*Router "Wants a person" fired the transfer tool "human"\.$/i,
    );
  });

  it('with an operator ASR the seat’s lines, and the customer’s from the handover on, go in the conversation; the last one before the step ends', async () => {
    await serve(() => ({ kind: 'tokens', tokens: tokens('Happy to help.') }));
    const seats: SeatDispatcher = {
      transfer: async (request) => ({
        ok: true,
        seat: { operatorId: 'op-1', connect: async () => undefined, ended: request.call.ended.then(() => ({ by: 'callee' as const })) },
      }),
    };
    let voice: TextCallVoice | null = null;
    let frames = 0;
    const { step } = await converse(
      'wants_human',
      plan(),
      {
        seats,
        createVoice: (session) => {
          voice = new TextCallVoice(session.call, SCALE);
          return voice;
        },
        // Stands in for the recogniser: a line at the seat's first frame, the customer answering, and the
        // seat's last words coming back only while the transcriber finishes (after the call has ended).
        transcribeSeat: async (events) => ({
          push: (samples) => {
            expect(samples).toHaveLength(160);
            if (frames++ > 0) return;
            events.line('How can I help you?');
            voice!.emit('final', { text: 'My bill is wrong.', atMs: voice!.now(), speechEndMs: null });
          },
          finish: async () => {
            await new Promise((resolve) => setTimeout(resolve, 50));
            events.line('Thank you for calling.');
          },
        }),
      },
      10_000,
    );
    expect(frames).toBeGreaterThan(0);
    const lines = step.history.lines.map((line) => [line.speaker, line.text]);
    const handover = lines.findIndex(([, text]) => text === 'Connecting you now.');
    const after = lines.slice(handover + 1);
    // The AI says nothing more; the simulated customer may still talk on (their lines are kept too).
    expect(after.filter(([speaker]) => speaker === 'ai')).toEqual([]);
    expect(after.filter(([speaker, text]) => speaker === 'seat' || text === 'My bill is wrong.')).toEqual([
      ['seat', 'How can I help you?'],
      ['customer', 'My bill is wrong.'],
      ['seat', 'Thank you for calling.'],
    ]);
    expect(after.at(-1)).toEqual(['seat', 'Thank you for calling.']);
    expect(conversationOf(step.history).filter((line) => line.speaker === 'seat')).toHaveLength(2);
  });

  it('without an operator ASR the conversation ends at the handover; a transcriber that cannot open is a recorded failure', async () => {
    await serve(() => ({ kind: 'tokens', tokens: tokens('Happy to help.') }));
    const seats: SeatDispatcher = {
      transfer: async (request) => ({
        ok: true,
        seat: { operatorId: 'op-1', connect: async () => undefined, ended: request.call.ended.then(() => ({ by: 'callee' as const })) },
      }),
    };
    const { step } = await converse(
      'wants_human',
      plan(),
      { seats, transcribeSeat: async () => Promise.reject(new Error('the speech engines are unavailable')) },
      10_000,
    );
    expect(step.history.lines.at(-1)).toMatchObject({ speaker: 'ai', text: 'Connecting you now.' });
    expect(step.failures).toContainEqual(expect.objectContaining({ stage: 'speech', failure: 'operator-asr' }));
  });

  it('a model that fails is never dead air: a fallback line, and after two failed turns a polite goodbye', async () => {
    await serve(() => ({ kind: 'http', status: 500, body: '{"error":{"message":"boom"}}' }));
    const { step, hungUpBy } = await converse('interested', plan({ fallbackText: 'Sorry, say again?' }));
    const ai = said(step, 'ai');
    expect(ai).toContain('Sorry, say again?');
    expect(ai.at(-1)).toMatch(/trouble on our side/);
    expect(hungUpBy).toBe('us');
    expect(step.failures.filter((f) => f.stage === 'main' && f.failure === 'http').length).toBeGreaterThanOrEqual(2);
  });

  it('the referee can end the turn with the hang-up tool instead of an answer', async () => {
    await serve((request) =>
      /ANSWER \(reply normally\)/.test(request.messages.at(-1)!.content)
        ? { kind: 'tokens', tokens: ['HANGUP'] }
        : { kind: 'tokens', tokens: tokens('Let me tell you more.') },
    );
    const conversation = plan({ routers: [{ name: 'Talk', target: { kind: 'stream', refereeId: ids.referee, mainId: ids.main } }] });
    const { step, hungUpBy } = await converse('interested', conversation);
    expect(hungUpBy).toBe('us');
    expect(step.turns.at(-1)).toMatchObject({ action: 'hangup', route: 'Talk (referee: hangup)' });
    expect(step.turns.at(-1)!.refereeMs).toEqual(expect.any(Number));
  });

  it('the rewrite stream polishes the main answer before it is spoken', async () => {
    await serve((request) =>
      request.messages[0]!.content === 'Rewrite it.'
        ? { kind: 'tokens', tokens: tokens('Polished answer.') }
        : { kind: 'tokens', tokens: tokens('raw answer') },
    );
    const conversation = plan({ routers: [{ name: 'Talk', target: { kind: 'stream', mainId: ids.main, rewriteId: ids.rewrite } }] });
    const { step } = await converse('interested', conversation, {}, 10_000);
    expect(said(step, 'ai')).toContain('Polished answer.');
    expect(said(step, 'ai')).not.toContain('raw answer');
  });

  it('the rewrite stream rewrites sentence by sentence as the main stream cuts them: the first is spoken before the main answer ends', async () => {
    // The main answer holds its second sentence until the first, rewritten, has been handed to speech: a rewrite
    // that waited for the whole answer would never be spoken while the answer is still open.
    const mainHeld = holds();
    await serve((request) =>
      request.messages[0]!.content === 'Rewrite it.'
        ? { kind: 'tokens', tokens: tokens(`Polished: ${request.messages.at(-1)!.content}`) }
        : {
            kind: 'tokens',
            tokens: tokens('First part. Then a second sentence that streams for a long while yet.'),
            delayMs: 120,
            hold: { afterTokens: 2, until: mainHeld.until() },
          },
    );
    const conversation = plan({ routers: [{ name: 'Talk', target: { kind: 'stream', mainId: ids.main, rewriteId: ids.rewrite } }] });
    const { step } = await converse(
      'interested',
      conversation,
      {
        createVoice: (session) => {
          const voice = new WatchedVoice(session.call, SCALE);
          voice.onHanded = (sentence) => {
            if (sentence.startsWith('Polished: First part.')) mainHeld.releaseAll();
          };
          return voice;
        },
        // The held stream is idle until the rewrite is back: no stall timeout meanwhile, however slow the machine.
        firstTokenTimeoutMs: 30_000,
      },
      40_000,
    );
    const ai = said(step, 'ai');
    // The callee may talk over the long second sentence: the first is always heard, rewritten.
    expect(ai.some((text) => text.startsWith('Polished: First part.'))).toBe(true);
    expect(ai.some((text) => text.includes('First part.') && !text.startsWith('Polished:'))).toBe(false);
    const answered = step.turns.filter((turn) => turn.action === 'answer' && turn.firstSentenceMs !== null);
    expect(answered.length).toBeGreaterThanOrEqual(1);
    // Every main answer went on only because its first sentence, rewritten, had been handed to speech.
    expect(mainHeld.unheld).toBe(0);
  });

  it('a dynamicLlm condition asks its referee yes or no', async () => {
    await serve((request) =>
      /yes or no/.test(request.messages.at(-1)!.content)
        ? { kind: 'tokens', tokens: ['yes'] }
        : { kind: 'tokens', tokens: tokens('Fine.') },
    );
    const conversation = plan({
      routers: [
        {
          name: 'Asked to stop',
          conditions: [{ type: 'dynamicLlm', role: 'user', processorId: ids.referee, question: 'Does the customer want to stop?' }],
          target: { kind: 'tool', toolAlias: 'bye' },
        },
      ],
    });
    const { step, hungUpBy } = await converse('interested', conversation);
    expect(hungUpBy).toBe('us');
    expect(step.turns.at(-1)).toMatchObject({ action: 'hangup', route: 'Asked to stop' });
  });

  it('a call ended mid-reply (a shutdown hangs it up) keeps the heard part of the cut line, marked interrupted, when the step returns', async () => {
    const long = 'Your plan ends at the end of this month and renewing keeps everything running exactly as it is today.';
    await serve(() => ({ kind: 'tokens', tokens: tokens(long) }));
    const call = dialAnswered({ timeScale: 1, persona: 'voicemail', talkMs: 60_000, ringMs: 50 }, '13800000012', '0');
    const step = new ConverseStep({
      plan: plan({ prologues: [{ text: long, interruptible: false }] }),
      call: { prologueInfo: '', businessInfo: {} },
      createVoice: (session) => new TextCallVoice(session.call, 1),
      seats: null,
      transfer: { callId: call.id, companyId: 'c', projectId: 'p', taskId: 't', subtaskId: '1' },
    });
    const running = new CallSession(call, [step]).run();
    await call.answered;
    // 1.5 s into the ~7 s opening the process stops: the dialer hangs the call up.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    void call.hangup();
    await running;
    const lines = conversationOf(step.history);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ speaker: 'ai', interrupted: true });
    expect(long.startsWith(lines[0]!.text)).toBe(true);
    expect(lines[0]!.text.length).toBeGreaterThan(0);
    expect(lines[0]!.text.length).toBeLessThan(long.length);
  });

  it('barge-in: callee speech cuts the reply, cancels the model and keeps only what was heard', async () => {
    // A long answer streamed slowly; the callee speaks over it.
    const long = 'First part of a long answer that goes on. Second part that the callee never hears at all. Third part too.';
    await serve(() => ({ kind: 'tokens', tokens: tokens(long), delayMs: 150 }));
    const conversation = plan({ interruption: { mode: 'speech', minSpeechMs: 100, keywords: [], protectPrologue: true } });
    // Real time here: the long answer plays for seconds, time enough to talk over it.
    const call = dialAnswered({ timeScale: 1, persona: 'interested', talkMs: 60_000, ringMs: 50 }, '13800000009', '0');
    const step = new ConverseStep({
      plan: conversation,
      call: { prologueInfo: '', businessInfo: {} },
      createVoice: (session) => new TextCallVoice(session.call, 1),
      seats: null,
      transfer: { callId: call.id, companyId: 'c', projectId: 'p', taskId: 't', subtaskId: '1' },
    });
    const session = new CallSession(call, [step]);
    const running = session.run();
    // Wait for the answer to start, then speak over it (the callee's line arrives as an utterance).
    await expect
      .poll(() => step.turns.some((turn) => turn.action === 'answer' && turn.firstSentenceMs !== null), { timeout: 20_000 })
      .toBe(true);
    // A second into the first sentence, the callee talks over it.
    await new Promise((resolve) => setTimeout(resolve, 1200));
    call.emit('utterance', {
      type: 'utterance',
      at: new Date(),
      utterance: { speaker: 'customer', text: 'Wait, stop, I have a question about something else entirely.' },
    });
    await expect
      .poll(() => step.history.lines.some((line) => line.interrupted), { timeout: 10_000 })
      .toBe(true)
      .catch((error) => {
        console.log(JSON.stringify({ turns: step.turns, lines: step.history.lines }, null, 1));
        throw error;
      });
    void call.hangup();
    await running;
    const cut = step.history.lines.find((line) => line.interrupted)!;
    expect(cut.speaker).toBe('ai');
    expect(long.startsWith(cut.text)).toBe(true);
    expect(cut.text.length).toBeLessThan(long.length);
    expect(step.turns.find((turn) => turn.turnId === cut.turnId)!.interrupted).toBe(true);
    expect(step.history.interruptsBy('customer')).toBeGreaterThanOrEqual(1);
    await expect.poll(() => fake!.cancelled).toBeGreaterThanOrEqual(1);
  });

  it('a barge-in cuts what the callee spoke over; a reply begun after they started talking yields to them and is not counted as their interruption', async () => {
    // The referee takes 300 ms: the answer to the callee's "Yes." begins while they are talking again.
    await serve((request) =>
      /ANSWER \(reply normally\)/.test(request.messages.at(-1)!.content)
        ? { kind: 'tokens', tokens: ['ANSWER'], firstDelayMs: 300 }
        : { kind: 'tokens', tokens: tokens('Our plans start at ten dollars a month. They include everything you use today.') },
    );
    const conversation = plan({
      interruption: { mode: 'speech', minSpeechMs: 100, keywords: [], protectPrologue: true },
      routers: [{ name: 'Talk', target: { kind: 'stream', refereeId: ids.referee, mainId: ids.main } }],
    });
    const { call, step, voice, running } = await quietLine('13800000015', {}, conversation);
    const interrupts = step.history.interruptsBy('customer');
    const before = step.turns.length;
    voice.emit('speech-start', { atMs: voice.now() });
    voice.emit('final', { text: 'Yes.', atMs: voice.now(), speechEndMs: voice.now() });
    voice.emit('speech-start', { atMs: voice.now() });
    await expect.poll(() => step.turns[before]?.totalMs ?? null, { timeout: 10_000 }).not.toBeNull();
    // Begun over the callee (talking 300 ms, more than minSpeechMs): cut before a word of it went out, not their barge-in.
    expect(step.turns[before]).toMatchObject({ user: 'Yes.', interrupted: true, heardAfterMs: null, firstAudioMs: null });
    expect(step.history.interruptsBy('customer')).toBe(interrupts);
    // Their turn is answered whole, and they hear it to the end.
    voice.emit('final', { text: 'How much does it cost?', atMs: voice.now(), speechEndMs: voice.now() });
    await expect
      .poll(() => step.turns.find((turn) => turn.user === 'How much does it cost?')?.totalMs ?? null, { timeout: 10_000 })
      .not.toBeNull();
    void call.hangup();
    await running;
    expect(step.turns.find((turn) => turn.user === 'How much does it cost?')).toMatchObject({ interrupted: false });
    expect(said(step, 'customer').slice(-2)).toEqual(['Yes.', 'How much does it cost?']);
    expect(said(step, 'ai').at(-1)).toBe('Our plans start at ten dollars a month. They include everything you use today.');
    expect(step.history.interruptsBy('customer')).toBe(interrupts);
  });

  it('a filler never delays a ready answer: said only while no token has come, cut at its next word boundary by the first sentence, kept in the transcript as a filler', async () => {
    // Time scale 0.2: the filler (interval 300 ms) plays ~1.3 s. The answer's first token is held until a filler
    // has been handed to speech, so its first sentence is ready while the filler plays, however busy the machine.
    // (How soon the cut comes, to the millisecond, is filler.test.ts's, on virtual time.)
    const scale = 0.2;
    const fillerLine = 'One moment please, let me look that up for you right now, it will only take a second or two.';
    const answerHeld = holds();
    await serve((request) =>
      request.messages[0]!.content.startsWith('Say a filler.')
        ? { kind: 'tokens', tokens: tokens(fillerLine) }
        : { kind: 'tokens', tokens: tokens('Your plan renews at the same price.'), hold: { afterTokens: 0, until: answerHeld.until() } },
    );
    const conversation = plan({ filler: { processorId: ids.filler, intervalMs: 1500 } });
    let voice: WatchedVoice | null = null;
    const { step } = await converse(
      'interested',
      conversation,
      {
        createVoice: (session) => {
          voice = new WatchedVoice(session.call, scale);
          voice.onHanded = (_sentence, kind) => {
            if (kind === 'filler') answerHeld.releaseAll();
          };
          return voice;
        },
        firstTokenTimeoutMs: 30_000,
      },
      25_000,
      scale,
    );
    expect(answerHeld.unheld).toBe(0);
    const fillers = step.history.lines.filter((line) => line.filler);
    expect(fillers.length).toBeGreaterThanOrEqual(1);
    for (const line of fillers) {
      // Cut at a word boundary: a whole-word prefix of the filler, never the whole of it.
      expect(fillerLine.startsWith(line.text)).toBe(true);
      expect(line.text.length).toBeLessThan(fillerLine.length);
    }
    // The stored conversation marks them; the model's history never sees them.
    expect(conversationOf(step.history).filter((line) => line.filler).length).toBe(fillers.length);
    expect(chatMessagesOf(step.history.lines).some((m) => fillerLine.startsWith(m.content))).toBe(false);
    // What played, in order: after each cut filler came its turn's answer, nothing between. A filler whose first
    // word was never heard whole (the call ended on it) is in neither: the transcript keeps only what was heard.
    const played = (voice as WatchedVoice | null)!.ended.filter((spoken) => spoken.firstAudioAtMs !== null);
    const cut = played.flatMap((spoken, index) => (spoken.kind === 'filler' && spoken.heardText !== '' ? [index] : []));
    expect(cut.length).toBe(fillers.length);
    for (const index of cut) {
      expect(played[index]!.completed).toBe(false);
      expect(played[index + 1]).toMatchObject({
        kind: 'answer',
        turnId: played[index]!.turnId,
        text: 'Your plan renews at the same price.',
      });
    }
  });

  it('no filler when the answer is under way by its interval', async () => {
    await serve((request) =>
      request.messages[0]!.content.startsWith('Say a filler.')
        ? { kind: 'tokens', tokens: tokens('One moment.') }
        : { kind: 'tokens', tokens: tokens('Your plan renews at the same price.') },
    );
    const conversation = plan({ filler: { processorId: ids.filler, intervalMs: 1500 } });
    const { step } = await converse('interested', conversation, {}, 10_000);
    expect(step.turns.filter((turn) => turn.action === 'answer').length).toBeGreaterThanOrEqual(1);
    expect(step.history.lines.filter((line) => line.filler)).toEqual([]);
  });

  it('a barge-in never arms the silence timer: no wake-up while the interrupted turn closes and the next answer is made', async () => {
    // The answer streams slowly (a long first token), the callee talks over every reply; silence at 1 s (scaled).
    await serve(() => ({ kind: 'tokens', tokens: tokens('Let me explain the renewal in some detail now.'), firstDelayMs: 120 }));
    const conversation = plan({
      interruption: { mode: 'speech', minSpeechMs: 100, keywords: [], protectPrologue: false },
      silence: { enabled: true, timeoutSeconds: 1, maxPrompts: 3, prompts: ['Are you still there?'], hangupText: 'Bye.' },
    });
    const { step } = await converse('interested', conversation, {}, 20_000);
    const lines = step.history.lines;
    // Every wake-up came after at least the threshold (1 s × 0.05 = 50 ms) of a line with nobody speaking and nothing under way.
    for (const [index, line] of lines.entries()) {
      if (line.text !== 'Are you still there?') continue;
      const before = lines[index - 1]!;
      expect(line.atMs - before.atMs).toBeGreaterThanOrEqual(50);
    }
    expect(step.turns.filter((turn) => turn.action === 'answer').length).toBeGreaterThanOrEqual(2);
    // A wake-up never follows a cut reply directly: the callee who cut it was speaking, then being answered.
    for (const [index, line] of lines.entries()) {
      if (line.text === 'Are you still there?') expect(lines[index - 1]!.interrupted ?? false).toBe(false);
    }
  });

  it('a hello said over the protected opening is not answered on its own: the callee answers the opening, and that is the turn', async () => {
    // At real time, as bench:heard found it: our opening reaches the line 700 ms after the answer (speech
    // synthesis on a busy machine), so the callee has said hello (at 500 ms) over it; they answer the opening once
    // it ends. Answering the hello as well met their answer to the opening, which cut ours, and so on down the call.
    await serve(() => ({ kind: 'tokens', tokens: tokens('Your plan ends this month.'), firstDelayMs: 50 }));
    const conversation = plan({ prologues: [{ text: 'Hello, this is Lin from Acme. Do you have a minute?', interruptible: false }] });
    const slowOpening = async (text: string) => {
      if (text.includes('Lin from Acme')) await new Promise((resolve) => setTimeout(resolve, 700));
      return new Int16Array(speakingMs(text) * 8).fill(3000);
    };
    const { step } = await converse(
      'interested',
      conversation,
      { createVoice: (session) => new TextCallVoice(session.call, 1, slowOpening) },
      10_000,
      1,
    );
    const lines = step.history.lines.map((line) => `${line.speaker}: ${line.text}`);
    const hello = step.history.lines.find((line) => line.speaker === 'customer')!;
    expect(['Hello?', 'Yes, speaking.', 'Hello, yes?']).toContain(hello.text);
    // Kept in the conversation, after the opening it was said over, and never a turn of its own.
    expect(lines[0]).toMatch(/^ai: Hello Mr Li\. Hello, this is Lin from Acme/);
    expect(lines[1]).toBe(`customer: ${hello.text}`);
    expect(step.turns.some((turn) => turn.user === hello.text)).toBe(false);
    // The first answer is to their answer to the opening, heard through (not cut by it).
    const first = step.turns.find((turn) => turn.action === 'answer')!;
    expect(first.user).toMatch(/^(Sure, go ahead\.|Yes, what is it about\?)$/);
    expect(first.interrupted).toBe(false);
    expect(lines[2]).toBe(`customer: ${first.user}`);
    expect(lines[3]).toBe('ai: Your plan ends this month.');
  });

  it('a line said over a protected line is answered when the callee says nothing more after it', async () => {
    await serve(() => ({ kind: 'tokens', tokens: tokens('Sorry to miss you. We will call again.'), firstDelayMs: 20 }));
    // The machine's greeting (from 50 to ~770 ms at this scale) ends within the protected two-line opening (~1 s).
    const conversation = plan({
      prologues: [
        { text: 'Hello, this is Lin from Acme.', interruptible: false },
        { text: 'I am calling about your membership plan, which ends at the end of this month, and how to keep it.', interruptible: false },
      ],
    });
    const { step } = await converse('voicemail', conversation, {}, 40_000, 0.1);
    const roles = step.history.lines.map((line) => `${line.speaker}${line.speaker === 'customer' ? `: ${line.text}` : ''}`);
    expect(roles.slice(0, 4)).toEqual(['ai', 'ai', `customer: ${VOICEMAIL_GREETING}`, 'ai']);
    const answers = step.turns.filter((turn) => turn.action === 'answer');
    expect(answers.map((turn) => turn.user)).toEqual([VOICEMAIL_GREETING]);
    expect(said(step, 'ai')[2]).toMatch(/^Sorry to miss you/);
  });

  it('preemptive generation: the answer starts when the callee stops, and is heard as soon as the final confirms the words', async () => {
    await serve(() => ({ kind: 'tokens', tokens: tokens('It stays at 99 yuan a month. Shall I renew it?'), firstDelayMs: 20 }));
    // The callee asks, stops, and the final comes once the model has answered (as an endpointing delay gives it time to).
    const ask = async (preemptive: boolean, number: string) => {
      const line = await quietLine(number, { preemptive });
      const { voice, step } = line;
      const before = fake!.requests.length;
      const finished = fake!.finished;
      const handedBefore = voice.handed.length;
      voice.emit('speech-start', { atMs: voice.now() });
      voice.emit('partial', { text: 'How much does it cost?', atMs: voice.now() });
      voice.emit('speech-end', { atMs: voice.now() });
      if (preemptive) await expect.poll(() => fake!.finished).toBeGreaterThan(finished);
      const atFinal = fake!.requests.length;
      voice.emit('final', { text: 'How much does it cost?', atMs: voice.now(), speechEndMs: voice.now() });
      await expect.poll(() => step.turns.some((turn) => turn.user === 'How much does it cost?' && turn.totalMs !== null)).toBe(true);
      void line.call.hangup();
      await line.running;
      const answer = voice.handed.slice(handedBefore).find((handed) => handed.sentence === 'It stays at 99 yuan a month.')!;
      return { step, asked: atFinal - before, askedAfterFinal: answer.requests - atFinal };
    };
    // Preemptive: the model was asked when the callee stopped, and the answer was spoken on the final with no
    // request after it (what it had held back).
    const ahead = await ask(true, '13800000015');
    expect(ahead.step.preemption).toMatchObject({ started: 1, used: 1, cancelled: 0 });
    expect(ahead.asked).toBeGreaterThanOrEqual(1);
    expect(ahead.askedAfterFinal).toBe(0);
    // Not preemptive: nothing is asked before the final; the answer waits for a request made after it.
    const after = await ask(false, '13800000016');
    expect(after.step.preemption.started).toBe(0);
    expect(after.asked).toBe(0);
    expect(after.askedAfterFinal).toBeGreaterThanOrEqual(1);
  });

  it('preemptive generation is cancelled when the callee goes on, and its model requests are counted as extra', async () => {
    await serve(() => ({ kind: 'tokens', tokens: tokens('It stays at 99 yuan a month.'), firstDelayMs: 50 }));
    const { call, step, voice, running } = await quietLine('13800000013');
    // The callee pauses mid-question (a speculation starts), then goes on.
    voice.emit('partial', { text: 'How much', atMs: voice.now() });
    voice.emit('speech-end', { atMs: voice.now() });
    await new Promise((resolve) => setTimeout(resolve, 80));
    voice.emit('speech-start', { atMs: voice.now() });
    voice.emit('final', { text: 'How much does it cost for a year?', atMs: voice.now(), speechEndMs: voice.now() });
    await expect
      .poll(() => step.turns.some((turn) => turn.user === 'How much does it cost for a year?' && turn.totalMs !== null))
      .toBe(true);
    void call.hangup();
    await running;
    expect(step.preemption).toMatchObject({ started: 1, used: 0, cancelled: 1 });
    expect(step.preemption.extraRequests).toBeGreaterThanOrEqual(1);
    // The turn answered the whole question, never the half of it.
    expect(step.turns.some((turn) => turn.user === 'How much')).toBe(false);
    expect(said(step, 'customer')).not.toContain('How much');
  });
  it('preemptive generation starts on words that come after the callee stopped (the recogniser settling), and moves to newer words', async () => {
    await serve(() => ({ kind: 'tokens', tokens: tokens('It stays at 99 yuan a month.'), firstDelayMs: 50 }));
    const { call, step, voice, running } = await quietLine('13800000014');
    // Speech ends with no words yet: nothing to start on. The settled words come just after, then a better reading.
    voice.emit('speech-start', { atMs: voice.now() });
    voice.emit('speech-end', { atMs: voice.now() });
    expect(step.preemption.started).toBe(0);
    voice.emit('partial', { text: 'How much', atMs: voice.now() });
    expect(step.preemption.started).toBe(1);
    voice.emit('partial', { text: 'How much does it cost?', atMs: voice.now() });
    expect(step.preemption).toMatchObject({ started: 2, cancelled: 1 });
    await new Promise((resolve) => setTimeout(resolve, 80));
    voice.emit('final', { text: 'How much does it cost?', atMs: voice.now(), speechEndMs: voice.now() });
    await expect.poll(() => step.turns.some((turn) => turn.user === 'How much does it cost?' && turn.totalMs !== null)).toBe(true);
    void call.hangup();
    await running;
    expect(step.preemption).toMatchObject({ started: 2, used: 1, cancelled: 1 });
    expect(step.turns.some((turn) => turn.user === 'How much')).toBe(false);
  });
});

/**
 * A call whose callee says nothing by itself (the voicemail persona greets once, then records), run until the
 * opening and the answer to the greeting are over and the line is quiet: the test then speaks for the callee.
 */
async function quietLine(number: string, extra: Partial<ConverseOptions> = {}, conversation = plan()) {
  const call = dialAnswered({ timeScale: SCALE, persona: 'voicemail', talkMs: 60_000, ringMs: 50 }, number, '0');
  let voice: WatchedVoice | null = null;
  const step = new ConverseStep({
    plan: conversation,
    call: { prologueInfo: '', businessInfo: {} },
    createVoice: (session) => {
      voice = new WatchedVoice(session.call, SCALE);
      return voice;
    },
    seats: null,
    transfer: { callId: call.id, companyId: 'c', projectId: 'p', taskId: 't', subtaskId: '1' },
    timeScale: SCALE,
    ...extra,
  });
  const running = new CallSession(call, [step]).run();
  await expect.poll(() => step.turns.filter((turn) => turn.totalMs !== null).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
  await new Promise((resolve) => setTimeout(resolve, 100));
  // Assigned by createVoice, which TypeScript does not follow into the closure.
  const made = voice as WatchedVoice | null;
  if (!made) throw new Error('the step made no voice');
  return { call, step, voice: made, running };
}
