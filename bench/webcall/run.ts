/**
 * bench:webcall — browser voice test calls held by one server process: N WebRTC legs at once (werift peers in
 * this process play the browsers: a microphone frame every 20 ms, speech half of the time), each a BrowserCall
 * whose far end is heard by the speech voice of a SIP call (VAD + recogniser) and whose side plays the AI's
 * audio back. Printed per N: the share of the browser calls' media clock ticks that ran more than one frame
 * late, against the same clock with no call in the same process (the baseline), and the process's CPU.
 * The goal (issue 31): 20 calls at once with the clock ≤ 1 % late.
 *
 *   npm run bench:webcall [-- 10,20,40]
 *
 * Not measured here: the end of the tester's speech → first audio of the answer with the demo model, which
 * bench:webcall:heard (heard.ts) measures from Chromium pages' own audio.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BrowserLegClient } from '../../apps/server/test/browser-leg-client.ts';
import { SpeechEngines } from '../../apps/server/src/speech/speech-engines.ts';
import { synthesise } from '../../apps/server/src/speech/speech-test-kit.ts';
import type { BrowserCall } from '../../apps/server/src/telephony/index.ts';
import { openBrowserLeg } from '../../apps/server/src/webcall/open-browser-leg.ts';
import { latePercent, loadAverage, measureBaseline, measureClock, sleep, stalls } from './media-clock.ts';

const SIZES = (process.argv[2] ?? '10,20,40').split(',').map(Number);
const HOLD_MS = 15_000;
const dir = mkdtempSync(join(tmpdir(), 'dialwise-bench-webcall-'));
const engines = await SpeechEngines.create({ workDir: join(dir, 'speech') });
const question = await synthesise(engines.offlineTts, 'How much does it cost?', 'en-us+f3');
const answer = await synthesise(engines.offlineTts, 'It costs ten dollars a month.');
const plan = {
  language: 'en-US',
  dialogAsr: { provider: 'offline', url: null },
  tts: { provider: 'offline', url: null },
  voice: null,
  phrases: ['how much does it cost'],
};

async function run(n: number): Promise<void> {
  const clients: BrowserLegClient[] = [];
  const calls: BrowserCall[] = [];
  const talking: NodeJS.Timeout[] = [];
  for (let i = 0; i < n; i++) {
    const client = new BrowserLegClient();
    const leg = await openBrowserLeg({ offerSdp: await client.offer(), iceServers: [], recordingPath: null });
    await client.answer(leg.answerSdp);
    await leg.call.answered;
    const voice = engines.createCallVoice(leg.call, plan);
    // The AI answers each recognised question, as the runtime would (its own cost is bench:conversation's).
    voice.on('final', () => void leg.call.sendAudio(answer));
    clients.push(client);
    calls.push(leg.call);
    // The tester asks every 4 s, staggered.
    const ask = () => void client.say(question);
    setTimeout(ask, (i * 4000) / n);
    talking.push(setInterval(ask, 4000));
    voice.on('failure', (failure) => console.error('voice failure', failure.detail));
    // Not awaited: the legs are held together, and each one's voice is closed when that leg ends.
    void leg.call.ended.then(() => voice.close());
  }
  await sleep(3000);
  const figures = await measureClock(HOLD_MS);
  const heard = clients.reduce((sum, client) => sum + client.packetsHeard, 0);
  console.log(
    `${String(n).padStart(4)} calls  late ticks ${latePercent(figures)}  this process ${(figures.cpu * 100).toFixed(0)} % of a core  ${stalls(figures)}  packets heard by the browsers ${heard}  load average ${loadAverage()}`,
  );
  for (const timer of talking) clearInterval(timer);
  await Promise.all(calls.map((call) => call.hangup()));
  await Promise.all(clients.map((client) => client.close()));
}

const base = await measureBaseline();
console.log(`bench:webcall, ${new Date().toISOString()}, load average ${loadAverage()}`);
console.log(`   1 call (baseline, no peer)  late ticks ${latePercent(base)}  this process ${(base.cpu * 100).toFixed(0)} % of a core`);
for (const n of SIZES) await run(n);
await engines.close();
rmSync(dir, { recursive: true, force: true });
process.exit(0);
