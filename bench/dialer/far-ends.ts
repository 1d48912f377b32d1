import { startSipp, type Sipp } from '../../apps/server/test/sipp.ts';

/** The load both dialer benches take: `--rate` calls a second for `--seconds`, each held `--hold` s, over `--far-ends` sipps. */
export const LOAD_OPTIONS = {
  rate: { type: 'string', default: '100' },
  seconds: { type: 'string', default: '10' },
  hold: { type: 'string', default: '6' },
  'far-ends': { type: 'string', default: '4' },
} as const;

/** The load `LOAD_OPTIONS` parsed: the numbers, at least one far end, and the calls in all. */
export function loadOf(values: { rate: string; seconds: string; hold: string; 'far-ends': string }) {
  const rate = Number(values.rate);
  const seconds = Number(values.seconds);
  return { rate, seconds, holdS: Number(values.hold), farEnds: Math.max(1, Number(values['far-ends'])), total: Math.round(rate * seconds) };
}

/**
 * The dialer benches' far ends: `count` sipp callees that answer, echo the RTP, hold each call `holdS` seconds
 * and hang up themselves, `total` calls split between them, each giving up after `timeoutS`.
 */
export async function startFarEnds(count: number, total: number, holdS: number, timeoutS: number): Promise<Sipp[]> {
  const sipps: Sipp[] = [];
  for (let i = 0; i < count; i++) {
    sipps.push(
      await startSipp({
        scenario: 'uas-remote-bye.xml',
        rtpEcho: true,
        calls: Math.ceil((total - i) / count),
        pauseMs: holdS * 1000,
        timeoutS,
        traceMessages: false,
        extraArgs: ['-l', '5000', '-max_recv_loops', '10000', '-max_sched_loops', '10000'],
      }),
    );
  }
  return sipps;
}
