import { useSimulatedCalls } from '../../test/simulated-calls.ts';
import { scenarioDocumentSchema } from '@dialwise/contracts';
import { describe, expect, it } from 'vitest';
import type { SeatDispatcher, TransferRequest } from './seat-dispatcher.ts';
import type { CallHandle } from '../telephony/index.ts';
import { History } from './history.ts';
import type { ConversationPlan } from './plan.ts';
import { SeatTransfer, type TransferFailure } from './transfer.ts';

const calls = useSimulatedCalls('transfer');

const plan: ConversationPlan = {
  scenario: scenarioDocumentSchema.parse({
    name: 'Test',
    dialogAsr: { provider: 'seed', url: 'wss://asr.example.com/v1' },
    tts: { provider: 'seed', url: 'wss://tts.example.com/v1' },
  }),
  processors: new Map(),
  timeZone: 'Asia/Shanghai',
  language: 'en-US',
  advanced: { prologues: [] },
};

const answeredCall = () => calls.answered('wants_human', 0.05);

function part(call: CallHandle, seats: SeatDispatcher | null, extra: Partial<ConstructorParameters<typeof SeatTransfer>[0]> = {}) {
  const history = new History();
  history.add({ speaker: 'ai', text: 'Hello, this is Lin from Acme.', atMs: 0 });
  history.add({ speaker: 'ai', text: 'One moment', atMs: 900, filler: true });
  history.add({ speaker: 'customer', text: 'Can I talk to a real person?', atMs: 1500 });
  const failures: TransferFailure[] = [];
  const transfer = new SeatTransfer(
    {
      plan,
      call: { prologueInfo: '', businessInfo: {} },
      seats,
      transfer: { callId: 'c1', companyId: 'co', projectId: 'p', taskId: 't', subtaskId: '1' },
      ...extra,
    },
    { history, call: () => call, now: () => 2000, fail: (failure) => failures.push(failure) },
  );
  return { transfer, history, failures };
}

describe('the seat transfer', () => {
  it("offers the call with the conversation (fillers left out) and the conversation's own note when the scenario has no analysis model", async () => {
    const call = await answeredCall();
    const asked: TransferRequest[] = [];
    const { transfer, failures } = part(call, {
      transfer: async (request) => {
        asked.push(request);
        return { ok: false, reason: 'no-seat' };
      },
    });
    expect(await transfer.offer('turn-1', 'Wants a person', 'human')).toBeNull();
    expect(asked[0]!.conversation.map((line) => [line.speaker, line.text])).toEqual([
      ['ai', 'Hello, this is Lin from Acme.'],
      ['customer', 'Can I talk to a real person?'],
    ]);
    expect(asked[0]!.summary).toMatch(/real person/);
    expect(failures).toEqual([{ turnId: 'turn-1', stage: 'transfer', failure: 'no-seat', detail: 'no seat took the call' }]);
  });

  it('without a seat area there is no offer and no failure', async () => {
    const call = await answeredCall();
    const { transfer, failures } = part(call, null);
    expect(await transfer.offer('turn-1', 'r', 'human')).toBeNull();
    expect(failures).toEqual([]);
  });

  it('a seat that takes the call is connected, told to the caller, transcribed, and followed until it leaves', async () => {
    const call = await answeredCall();
    let connected = false;
    const transferred: string[] = [];
    const { transfer, history } = part(call, null, {
      onTransferred: (operatorId) => transferred.push(operatorId),
      transcribeSeat: async (events) => ({
        push: () => events.line('How can I help?'),
        finish: async () => undefined,
      }),
    });
    let leave: () => void = () => undefined;
    const seat = {
      operatorId: 'op-1',
      connect: async () => {
        connected = true;
      },
      ended: new Promise<{ by: 'seat' }>((resolve) => {
        leave = () => resolve({ by: 'seat' });
      }),
    };
    const taking = transfer.takeOver(seat, transfer.openTranscriber('turn-1'), 'turn-1', () => false);
    await expect.poll(() => history.lines.some((line) => line.speaker === 'seat')).toBe(true);
    expect(transfer.transcribing).toBe(true);
    leave();
    await taking;
    expect(connected).toBe(true);
    expect(transferred).toEqual(['op-1']);
  });

  it('a transcriber that cannot open is a recorded failure, and the seat still takes the call', async () => {
    const call = await answeredCall();
    const { transfer, failures } = part(call, null, { transcribeSeat: async () => Promise.reject(new Error('no engines')) });
    expect(await transfer.openTranscriber('turn-2')).toBeNull();
    expect(failures).toEqual([{ turnId: 'turn-2', stage: 'speech', failure: 'operator-asr', detail: 'Error: no engines' }]);
  });
});
