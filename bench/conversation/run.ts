/**
 * bench:conversation — how many conversations one process holds before the runtime's own overhead grows.
 *
 * N conversations run at once over the simulated trunk against a zero-latency streaming model (a local
 * OpenAI-compatible server that answers at once), each callee talking turn after turn. Printed per N:
 * - overhead per turn: the callee's final words → the first sentence handed to speech (with a model that
 *   answers at once, all of it is ours: routing, the HTTP round trip on loopback, sentence cutting), p50/p95;
 * - barge-in: the callee talking over a reply → the reply's audio cleared, beyond the policy's own
 *   minSpeechMs wait, p95;
 * - event-loop delay p99 of the process.
 * The figure to read: the largest N whose overhead p95 stays ≤ 50 ms (one process is one core).
 *
 *   npm run bench:conversation [-- 50,100,200,400]
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { scenarioDocumentSchema } from '@dialwise/contracts';
import { startFakeLlm, tokens } from '../../apps/server/test/fake-llm.ts';
import { ConverseStep } from '../../apps/server/src/conversation/converse-step.ts';
import type { ConversationPlan } from '../../apps/server/src/conversation/plan.ts';
import { TextCallVoice } from '../../apps/server/src/conversation/text-call-voice.ts';
import { CallSession, SimulatedTrunk } from '../../apps/server/src/telephony/index.ts';

const SIZES = (process.argv[2] ?? '50,100,200,400').split(',').map(Number);
/** Simulated callees at 1/5 of real time: many turns in a short run, still far slower than the runtime. */
const SCALE = 0.2;
const RUN_MS = 20_000;
const MIN_SPEECH_MS = 100;

const fake = await startFakeLlm(() => ({
  kind: 'tokens',
  tokens: tokens('Sure. The renewal keeps your price, and I can renew it now if you like.'),
}));
const mainId = randomUUID();
const plan: ConversationPlan = {
  scenario: scenarioDocumentSchema.parse({
    name: 'Bench',
    dialogAsr: { provider: 'seed', url: 'wss://asr.example.com/v1' },
    tts: { provider: 'seed', url: 'wss://tts.example.com/v1' },
    interruption: { mode: 'speech', minSpeechMs: MIN_SPEECH_MS, keywords: [], protectPrologue: true },
    prologues: [{ text: 'Hello, this is Lin.', interruptible: false }],
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
        endpoint: { url: fake.url, calledName: 'fake', keyName: 'Authorization', apiKey: null },
      },
    ],
  ]),
  timeZone: 'Asia/Shanghai',
  language: 'en-US',
  advanced: { prologues: [] },
};

function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function round(n: number) {
  const recordingsDir = mkdtempSync(join(tmpdir(), 'dialwise-bench-conv-'));
  const trunk = new SimulatedTrunk({
    recordingsDir,
    seed: n,
    timeScale: SCALE,
    plan: () => ({ outcome: 'answered', persona: 'interested', ringMs: 200, talkMs: 10 * 60_000 }),
  });
  const overheads: number[] = [];
  const barges: number[] = [];
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const steps: ConverseStep[] = [];
  const runs = Array.from({ length: n }, async (_, i) => {
    const call = trunk.dial({
      to: `1380000${String(i).padStart(4, '0')}`,
      callerId: '0',
      line: { username: 'u', password: 'p', domain: 'sim', port: 5060 },
      ringTimeoutMs: 30_000,
      record: false,
    });
    let spokeAt = 0;
    const step = new ConverseStep({
      plan,
      call: { prologueInfo: '', businessInfo: {} },
      createVoice: (session) => {
        const voice = new TextCallVoice(session.call, SCALE);
        const interrupt = voice.interrupt.bind(voice);
        voice.interrupt = (turnId?: string) => {
          if (spokeAt) barges.push(performance.now() - spokeAt - MIN_SPEECH_MS);
          spokeAt = 0;
          interrupt(turnId);
        };
        return voice;
      },
      seats: null,
      transfer: { callId: call.id, companyId: 'c', projectId: 'p', taskId: 't', subtaskId: String(i) },
      timeScale: SCALE,
    });
    steps.push(step);
    // Now and then the callee talks over a reply that is playing: the barge-in path.
    const talkOver = setInterval(
      () => {
        const turn = step.turns.at(-1);
        if (turn?.action === 'answer' && turn.firstSentenceMs !== null && turn.totalMs === null && !spokeAt) {
          spokeAt = performance.now();
          call.emit('utterance', {
            type: 'utterance',
            at: new Date(),
            utterance: { speaker: 'callee', text: 'Wait, one more question please.' },
          });
        }
      },
      1500 + (i % 10) * 100,
    );
    const session = new CallSession(call, [step]);
    const done = session.run();
    await new Promise((resolve) => setTimeout(resolve, RUN_MS));
    clearInterval(talkOver);
    void call.hangup();
    await done;
  });
  await Promise.all(runs);
  loop.disable();
  await trunk.close();
  rmSync(recordingsDir, { recursive: true, force: true });
  for (const step of steps) {
    for (const turn of step.turns) if (turn.action === 'answer' && turn.firstSentenceMs !== null) overheads.push(turn.firstSentenceMs);
  }
  return {
    n,
    turns: overheads.length,
    overheadP50: percentile(overheads, 50),
    overheadP95: percentile(overheads, 95),
    bargeIns: barges.length,
    bargeP95: percentile(barges, 95),
    loopP99: loop.percentile(99) / 1e6,
  };
}

console.log(
  `bench:conversation — ${RUN_MS / 1000} s per size, simulated callees at ${SCALE}× time, a zero-latency streaming model on loopback`,
);
console.log('conversations  turns  overhead p50  overhead p95  barge-ins  barge-in p95  event-loop p99');
let best = 0;
for (const n of SIZES) {
  const r = await round(n);
  if (r.overheadP95 <= 50) best = Math.max(best, n);
  console.log(
    `${String(r.n).padStart(13)}  ${String(r.turns).padStart(5)}  ${r.overheadP50.toFixed(1).padStart(9)} ms  ${r.overheadP95.toFixed(1).padStart(9)} ms  ${String(r.bargeIns).padStart(9)}  ${r.bargeP95.toFixed(1).padStart(9)} ms  ${r.loopP99.toFixed(1).padStart(11)} ms`,
  );
}
console.log(`largest size with overhead p95 ≤ 50 ms on one process: ${best || 'none of those tried'}`);
await fake.close();
