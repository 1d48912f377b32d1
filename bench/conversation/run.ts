/**
 * bench:conversation — how many conversations one process holds before the runtime's own overhead grows.
 *
 * N conversations run at once over the simulated trunk against a zero-latency streaming model (a local
 * OpenAI-compatible server that answers at once), each callee talking turn after turn. Printed per N:
 * - overhead per turn: the callee's final words → the first sentence handed to speech (with a model that
 *   answers at once, all of it is ours: routing, the HTTP round trip on loopback, sentence cutting), p50/p95;
 * - barge-in: the callee talking over a reply → that reply's audio cleared, beyond the policy's own
 *   minSpeechMs wait, p95 — timed only for the reply that was playing when they began (a reply that ended by
 *   itself within minSpeechMs was not barged in on; the cut at their final is then of another reply);
 * - event-loop delay p99 of the process;
 * - the event loop's own CPU time (its thread's, from /proc): share of the run and per answered turn — the
 *   runtime's cost, which the wait for a core on a shared machine does not inflate as it does the latencies.
 * Each N runs twice: quiet (the conversations alone) and busy (the Dialer and the embedded database
 * working a background campaign in the same process, `BUSY_CALLS` simulated calls at once, as on a server).
 * The model is a separate process (a real model is a service elsewhere: its work is not ours).
 * Also printed, to find where a tail comes from: the overhead's stages at p95 (routing; the request until the
 * model's first token; that token until the first sentence), the model process's own event-loop delay p99
 * and CPU, and this process's garbage-collection pauses. A warm-up round (5 s, not printed) comes first.
 * The figure to read: the largest N whose overhead p95 stays ≤ 50 ms while busy (one process is one core).
 *
 *   npm run bench:conversation [-- 50,100,200,400]
 *   DATABASE_URL=postgres://… npm run bench:conversation    the busy runs' database on PostgreSQL (a scratch
 *                                                           database, dropped after), off this event loop
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, PerformanceObserver, performance } from 'node:perf_hooks';
import { scenarioDocumentSchema } from '@dialwise/contracts';
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { ConverseStep } from '../../apps/server/src/conversation/converse-step.ts';
import type { ConversationPlan } from '../../apps/server/src/conversation/plan.ts';
import { TextCallVoice } from '../../apps/server/src/conversation/text-call-voice.ts';
import { configureOutbound } from '../../apps/server/src/net/outbound-guard.ts';
import { CallSession, SimulatedTrunk } from '../../apps/server/src/telephony/index.ts';
import { startBusyDialer } from './busy-dialer.ts';

const SIZES = (process.argv[2] ?? '50,100,200,400').split(',').map(Number);
/** Simulated callees at 1/5 of real time: many turns in a short run, still far slower than the runtime. */
const SCALE = 0.2;
const RUN_MS = 20_000;
const MIN_SPEECH_MS = 100;
/** Background calls at once in the busy runs. */
const BUSY_CALLS = 100;

// The model listens on loopback, which the outbound guard refuses unless an operator allows it.
configureOutbound({ allowHosts: ['127.0.0.1'] });
const model = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'model-process.ts')], {
  stdio: ['pipe', 'pipe', 'inherit'],
});
const modelLines = createInterface({ input: model.stdout });
const modelUrl: string = await new Promise((resolve, reject) => {
  model.once('exit', (code) => reject(new Error(`the model process exited (${code})`)));
  modelLines.once('line', resolve);
});

/** The model process's event-loop delay p99 since the last ask, and its CPU seconds so far (from /proc). */
async function modelStats(): Promise<{ loopP99: number; cpuS: number }> {
  const answer = new Promise<string>((resolve) => modelLines.once('line', resolve));
  model.stdin.write('stats\n');
  const { loopP99 } = JSON.parse(await answer) as { loopP99: number };
  const fields = readFileSync(`/proc/${model.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return { loopP99, cpuS: (Number(fields[11]) + Number(fields[12])) / 100 };
}
const fake = { url: modelUrl };
const mainId = randomUUID();
const plan: ConversationPlan = {
  scenario: scenarioDocumentSchema.parse({
    name: 'Bench',
    dialogAsr: { provider: 'offline' },
    tts: { provider: 'offline' },
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

/**
 * CPU time of this process's main thread (the event loop's), in ms, from /proc (Linux; NaN elsewhere). On a
 * shared machine the latencies also measure the wait for a core; the loop's own CPU time per turn does not.
 */
function loopCpuMs(): number {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime (fields 14 and 15 of the line, 12 and 13 after the name), in clock ticks of 10 ms.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function round(n: number, busy: boolean, runMs = RUN_MS) {
  const background = busy ? await startBusyDialer(BUSY_CALLS, process.env.DATABASE_URL) : null;
  const recordingsDir = mkdtempSync(join(tmpdir(), 'dialwise-bench-conv-'));
  const trunk = new SimulatedTrunk({
    recordingsDir,
    seed: n,
    timeScale: SCALE,
    plan: () => ({ outcome: 'answered', persona: 'interested', ringMs: 200, talkMs: 10 * 60_000 }),
  });
  const overheads: number[] = [];
  // The overhead's stages: routing, the request until the model's first token arrived (loopback, the model
  // process, our HTTP client), and that token until the first sentence was cut.
  const stages = { router: [] as number[], firstToken: [] as number[], toSentence: [] as number[] };
  const barges: number[] = [];
  /** Replies the callees began to talk over (a barge-in is timed only for those it cut: the others ended first). */
  let talkedOver = 0;
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  // Garbage collection pauses of this process during the round (they stop the event loop).
  const pauses: number[] = [];
  const gc = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) pauses.push(entry.duration);
  });
  gc.observe({ entryTypes: ['gc'] });
  const cpuBefore = loopCpuMs();
  const modelBefore = await modelStats();
  const wallBefore = performance.now();
  const steps: ConverseStep[] = [];
  const runs = Array.from({ length: n }, async (_, i) => {
    const call = trunk.dial({
      to: `1380000${String(i).padStart(4, '0')}`,
      callerId: '0',
      line: { username: 'u', password: 'p', domain: 'sim', port: 5060 },
      ringTimeoutMs: 30_000,
      record: false,
    });
    // The reply the callee began to talk over, and when: its cut is the barge-in timed. A reply that ended by
    // itself within minSpeechMs was not barged in on (a later cut is of another reply, at the callee's final).
    let spokeAt = 0;
    let spokenOver = '';
    const step = new ConverseStep({
      plan,
      call: { prologueInfo: '', businessInfo: {} },
      createVoice: (session) => {
        const voice = new TextCallVoice(session.call, SCALE);
        const interrupt = voice.interrupt.bind(voice);
        voice.interrupt = (turnId?: string) => {
          if (spokeAt && turnId === spokenOver) {
            barges.push(performance.now() - spokeAt - MIN_SPEECH_MS);
            spokeAt = 0;
          }
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
        if (
          turn?.action === 'answer' &&
          turn.firstSentenceMs !== null &&
          turn.totalMs === null &&
          (!spokeAt || turn.turnId !== spokenOver)
        ) {
          spokeAt = performance.now();
          spokenOver = turn.turnId;
          talkedOver++;
          call.emit('utterance', {
            type: 'utterance',
            at: new Date(),
            utterance: { speaker: 'customer', text: 'Wait, one more question please.' },
          });
        }
      },
      1500 + (i % 10) * 100,
    );
    const session = new CallSession(call, [step]);
    const done = session.run();
    await new Promise((resolve) => setTimeout(resolve, runMs));
    clearInterval(talkOver);
    void call.hangup();
    await done;
  });
  await Promise.all(runs);
  loop.disable();
  gc.disconnect();
  const loopCpu = loopCpuMs() - cpuBefore;
  const wall = performance.now() - wallBefore;
  const modelAfter = await modelStats();
  const backgroundCalls = background ? await background.finished() : 0;
  await background?.stop();
  await trunk.close();
  rmSync(recordingsDir, { recursive: true, force: true });
  for (const step of steps) {
    for (const turn of step.turns) {
      if (turn.action !== 'answer' || turn.firstSentenceMs === null) continue;
      overheads.push(turn.firstSentenceMs);
      const routed = turn.routerMs ?? 0;
      stages.router.push(routed);
      if (turn.llmFirstTokenMs !== null) {
        stages.firstToken.push(turn.llmFirstTokenMs - routed);
        stages.toSentence.push(turn.firstSentenceMs - turn.llmFirstTokenMs);
      }
    }
  }
  if (overheads.length === 0) throw new Error(`no turn was answered with ${n} conversations: the benchmark is broken, not fast`);
  return {
    n,
    busy,
    backgroundCalls,
    turns: overheads.length,
    overheadP50: percentile(overheads, 50),
    overheadP95: percentile(overheads, 95),
    bargeIns: barges.length,
    talkedOver,
    bargeP95: percentile(barges, 95),
    loopP99: loop.percentile(99) / 1e6,
    loopCpuShare: loopCpu / wall,
    loopCpuPerTurnMs: loopCpu / overheads.length,
    gc: `${pauses.length} pauses, ${pauses.reduce((a, b) => a + b, 0).toFixed(0)} ms, longest ${Math.max(0, ...pauses).toFixed(1)} ms`,
    model: `loop p99 ${modelAfter.loopP99.toFixed(1)} ms, ${((100 * (modelAfter.cpuS - modelBefore.cpuS)) / (wall / 1000)).toFixed(0)} % of a core`,
    stagesP95: `${percentile(stages.router, 95).toFixed(1)} / ${percentile(stages.firstToken, 95).toFixed(1)} / ${percentile(stages.toSentence, 95).toFixed(1)}`,
  };
}

console.log(
  `bench:conversation — ${RUN_MS / 1000} s per size, simulated callees at ${SCALE}× time, a zero-latency streaming model in its own process; busy runs on ${process.env.DATABASE_URL ? 'PostgreSQL (its own process)' : 'PGlite (this process)'}; load ${loadavg()[0]!.toFixed(1)}`,
);
console.log(
  'conversations  load                      turns  overhead p50  overhead p95  barge-ins / talked over  barge-in p95  event-loop p99  loop CPU  loop CPU/turn  p95 of: routing / request → first token / → first sentence (ms)  the model process  garbage collection',
);
// A warm-up round, not counted: the first turns of a run open the connections to the model and find code not
// yet compiled (the first quiet round's p95 was 130–200 ms where the same round again gave 30–35 ms).
await round(SIZES[0]!, false, 5_000);
let best = 0;
for (const n of SIZES) {
  for (const busy of [false, true]) {
    const r = await round(n, busy);
    if (busy && r.overheadP95 <= 50) best = Math.max(best, n);
    const load = busy ? `busy (${r.backgroundCalls} dialer calls)` : 'quiet';
    console.log(
      `${String(r.n).padStart(13)}  ${load.padEnd(24)}  ${String(r.turns).padStart(5)}  ${r.overheadP50.toFixed(1).padStart(9)} ms  ${r.overheadP95.toFixed(1).padStart(9)} ms  ${`${r.bargeIns} / ${r.talkedOver}`.padStart(21)}  ${r.bargeP95.toFixed(1).padStart(9)} ms  ${r.loopP99.toFixed(1).padStart(11)} ms  ${(r.loopCpuShare * 100).toFixed(0).padStart(6)} %  ${r.loopCpuPerTurnMs.toFixed(2).padStart(10)} ms  ${r.stagesP95.padEnd(20)}  ${r.model}  ${r.gc}`,
    );
  }
}
console.log(`largest size with overhead p95 ≤ 50 ms while the dialer and database are busy: ${best || 'none of those tried'}`);
model.stdin.end();
