import { startSipp, type Sipp } from '../../apps/server/test/sipp.ts';

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
