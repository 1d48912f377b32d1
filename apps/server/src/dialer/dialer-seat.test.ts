import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { type ConversationLine, type ScenarioDocumentInput, scenarioDocumentSchema } from '@dialwise/contracts';
import { seedCompanies, useTestServer } from '../../test/helper.ts';
import { insertCampaign } from '../../test/campaign.ts';
import { useAgentSpeech } from '../../test/agent-speech.ts';
import { calls, scenarios, scenarioVersions } from '../db/schema.ts';
import { SecretBox } from '../secrets/secret-box.ts';
import type { SeatDispatcher } from '../conversation/seat-dispatcher.ts';
import { SimulatedTrunk, type VoiceFrame, type VoiceSource } from '../telephony/index.ts';
import { decodeG711, encodeG711 } from '../telephony/media/g711.ts';
import { Dialer } from './dialer.ts';

/**
 * A transferred call through the dialer, with the scenario's operator ASR on: the simulated callee asks for a
 * person, a seat takes the call and speaks (a stand-in seat whose voice is an espeak clip, in the call's RTP
 * path like the real bridge's), and the call record's conversation holds the seat's line.
 */
const server = useTestServer();
const secrets = SecretBox.fromKey(randomBytes(32));
const speech = useAgentSpeech('dialwise-dialer-seat-');
const stops: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

async function transferringTask(operatorAsr: ScenarioDocumentInput['operatorAsr']) {
  const { companyId } = await seedCompanies(server);
  const db = server.database.db;
  const [scenario] = await db.insert(scenarios).values({ name: 's' }).returning();
  const document: ScenarioDocumentInput = {
    name: 'Transfers',
    // No vendor adapter is given to these engines: every provider runs on the offline engines.
    dialogAsr: { provider: 'seed', url: 'wss://asr.example.com/v1' },
    tts: { provider: 'seed', url: 'wss://tts.example.com/v1' },
    operatorAsr,
    prologues: [{ text: 'Hello, this is Acme.' }],
    tools: [{ kind: 'transfer', alias: 'human', successText: 'Connecting you now.', failureText: 'Sorry, nobody is free.' }],
    routers: [
      {
        name: 'Wants a person',
        match: 'any',
        conditions: [{ type: 'content', role: 'user', keywords: ['real person', 'someone', 'agent'] }],
        target: { kind: 'tool', toolAlias: 'human' },
      },
    ],
  };
  await db.insert(scenarioVersions).values({ scenarioId: scenario!.id, version: 1, document: scenarioDocumentSchema.parse(document) });
  const { taskId } = await insertCampaign(db, {
    companyId,
    phones: ['13900000001'],
    seal: (password) => secrets.seal(password),
    scenarioId: scenario!.id,
    name: 'transfers',
    task: { scenarioVersion: 1, concurrencyMode: 'manual', concurrencyCount: 1 },
    lines: [{ alias: 'sim', concurrency: 1 }],
  });
  return taskId;
}

/** The seat's voice: the clip as PCMU frames, one per tick of the call's media clock, then done. */
class ClipVoice implements VoiceSource {
  private at = 0;
  private finish!: () => void;
  readonly done = new Promise<void>((resolve) => {
    this.finish = resolve;
  });
  constructor(private readonly clip: Int16Array) {}
  nextFrame(): VoiceFrame | null {
    if (this.at + 160 > this.clip.length) {
      this.finish();
      return null;
    }
    const payload = new Uint8Array(160);
    encodeG711('PCMU', this.clip.subarray(this.at, this.at + 160), payload);
    this.at += 160;
    return { codec: 'PCMU', payload, samples: decodeG711('PCMU', payload) };
  }
}

/** A seat that takes every transfer, speaks the clip once connected, then hangs up. */
const speakingSeat = (clip: Int16Array): SeatDispatcher => ({
  transfer: async (request) => {
    const voice = new ClipVoice(clip);
    return {
      ok: true,
      seat: {
        operatorId: 'op-1',
        connect: async () => request.call.setVoiceSource(voice),
        ended: Promise.race([voice.done.then(() => ({ by: 'seat' as const })), request.call.ended.then(() => ({ by: 'callee' as const }))]),
      },
    };
  },
});

async function runCall(taskId: string): Promise<ConversationLine[]> {
  const trunk = new SimulatedTrunk({
    recordingsDir: speech.dir,
    seed: 5,
    timeScale: 0.05,
    mix: { answered: 1 },
    plan: () => ({ outcome: 'answered', persona: 'wants_human', talkMs: 1_200_000, ringMs: 100 }),
  });
  const dialer = new Dialer(
    {
      db: server.database.db,
      secrets,
      now: () => new Date(),
      trunks: { sip: trunk, simulated: trunk },
      seats: speakingSeat(speech.agent.speech),
      speech: async () => speech.engines,
    },
    { recordingsDir: speech.dir, tickMs: 20, ringTimeoutMs: 30_000, simulatedTimeScale: 0.05 },
  );
  stops.push(async () => {
    await dialer.stop();
    await trunk.close();
  });
  const ended = async () =>
    (
      await server.database.db
        .select({ endedAt: calls.endedAt, conversation: calls.conversation })
        .from(calls)
        .where(eq(calls.taskId, taskId))
    )[0];
  const until = Date.now() + 60_000;
  let row = await ended();
  while (!row?.endedAt) {
    if (Date.now() > until) throw new Error('the call did not end');
    await dialer.tick();
    await new Promise((resolve) => setTimeout(resolve, 50));
    row = await ended();
  }
  return row.conversation as ConversationLine[];
}

describe('a transferred call with the scenario’s operator ASR', () => {
  it('puts the seat’s words in the call record’s conversation, after the AI’s handover', async () => {
    const conversation = await runCall(await transferringTask({ provider: 'ali', url: 'wss://asr.example.com/seat' }));
    const texts = conversation.map((line) => [line.speaker, line.text]);
    const handover = texts.findIndex(([, text]) => text === 'Connecting you now.');
    expect(handover).toBeGreaterThan(0);
    expect(texts.slice(handover + 1).filter(([speaker]) => speaker !== 'customer')).toEqual([['seat', 'how can i help you']]);
  });

  it('without one, the conversation ends at the handover', async () => {
    const conversation = await runCall(await transferringTask(null));
    expect(conversation.at(-1)).toMatchObject({ speaker: 'ai', text: 'Connecting you now.' });
    expect(conversation.some((line) => line.speaker === 'seat')).toBe(false);
  });
});
