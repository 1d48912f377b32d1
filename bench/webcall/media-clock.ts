/**
 * How bench:webcall and bench:webcall:pages read the browser calls' media clock (`BrowserCall.sharedClock()`,
 * in this process): the share of its 20 ms ticks that ran more than one frame late over a stretch of wall time,
 * this process's CPU over it, and the same clock with one silent call and no peer as the baseline.
 */
import { loadavg } from 'node:os';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { BrowserCall } from '../../apps/server/src/telephony/index.ts';

export interface ClockFigures {
  late: number;
  ticks: number;
  /** This process's CPU over the stretch, in cores. */
  cpu: number;
  /** The fewest and most calls on the clock during the stretch (sampled every tick's worth of 100 ms). */
  minCalls: number;
  maxCalls: number;
  /** The event loop's longest delay over the stretch (ms): the longest the clock's thread was kept from a timer. */
  maxStallMs: number;
  /** The garbage collector's pauses of 20 ms or more over the stretch: how many, and the longest (ms). */
  gcPauses: number;
  longestGcMs: number;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The machine's load average (1, 5, 15 min), for printing beside a figure: the machine is shared. */
export const loadAverage = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

/** Late ticks and CPU over `ms` of the browser calls' shared clock. */
export async function measureClock(ms: number): Promise<ClockFigures> {
  const clock = BrowserCall.sharedClock();
  const lateBefore = clock.lateTicks;
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  let minCalls = clock.size;
  let maxCalls = clock.size;
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const pauses: number[] = [];
  const gc = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.duration >= 20) pauses.push(entry.duration);
  });
  gc.observe({ entryTypes: ['gc'] });
  const watch = setInterval(() => {
    minCalls = Math.min(minCalls, clock.size);
    maxCalls = Math.max(maxCalls, clock.size);
  }, 100);
  // The clock counts its late runs; its ticks are one per 20 ms of wall time.
  await sleep(ms);
  clearInterval(watch);
  delay.disable();
  gc.disconnect();
  const elapsed = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  return {
    late: clock.lateTicks - lateBefore,
    ticks: Math.round(elapsed / 20),
    cpu: (cpu.user + cpu.system) / 1000 / elapsed,
    minCalls,
    maxCalls,
    maxStallMs: delay.max / 1e6,
    gcPauses: pauses.length,
    longestGcMs: Math.max(0, ...pauses),
  };
}

/** The baseline: the same clock with one silent call and no peer (the clock runs only while it has a member). */
export async function measureBaseline(ms = 5000): Promise<ClockFigures> {
  const idle = new BrowserCall({ recordingPath: null, maxDurationMs: 60_000 });
  idle.start({ send: () => undefined });
  const figures = await measureClock(ms);
  await idle.hangup();
  return figures;
}

export const latePercent = ({ late, ticks }: ClockFigures) => `${((100 * late) / ticks).toFixed(2)} % (${late} of ${ticks})`;

/** What held the clock's thread: the event loop's longest stall and the collector's pauses of 20 ms or more. */
export const stalls = ({ maxStallMs, gcPauses, longestGcMs }: ClockFigures) =>
  `longest stall ${maxStallMs.toFixed(0)} ms, GC pauses ≥ 20 ms ${gcPauses}${gcPauses ? ` (longest ${longestGcMs.toFixed(0)} ms)` : ''}`;
