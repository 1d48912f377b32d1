import type { BenchEvent, CallRuntimeFailure, CallTurn } from '@dialwise/contracts';

export type BenchItem =
  | { kind: 'said'; key: string; speaker: Extract<BenchEvent, { type: 'said' }>['speaker']; text: string }
  | { kind: 'routed'; key: string; router: string | null; target: 'tool' | 'stream' | 'none'; routerMs: number }
  | { kind: 'referee'; key: string; verdict: string; ms: number }
  | { kind: 'stream'; key: string; stream: 'main' | 'rewrite'; text: string }
  | { kind: 'tool'; key: string; toolKind: 'hangup' | 'transfer'; alias: string; seat: boolean | null }
  | { kind: 'ended'; key: string; reason: string };

export interface BenchView {
  items: BenchItem[];
  turns: CallTurn[];
  failures: CallRuntimeFailure[];
  ended: boolean;
  /** Voice mode: what the recogniser has of the callee's words so far, until their final line comes. */
  partial: string | null;
}

/**
 * The bench's events as the drawer shows them: one line per thing said or decided, a stream's tokens
 * gathered into one growing line per turn and stream (placed where its first token came), and the turns'
 * timings and failures for the timeline.
 */
export function benchView(events: readonly BenchEvent[]): BenchView {
  const items: BenchItem[] = [];
  const streams = new Map<string, Extract<BenchItem, { kind: 'stream' }>>();
  const turns: CallTurn[] = [];
  const failures: CallRuntimeFailure[] = [];
  let ended = false;
  let partial: string | null = null;
  events.forEach((event, index) => {
    const key = String(index);
    switch (event.type) {
      case 'said':
        items.push({ kind: 'said', key, speaker: event.speaker, text: event.text });
        if (event.speaker === 'customer') partial = null;
        break;
      case 'partial':
        partial = event.text;
        break;
      case 'routed':
        items.push({ kind: 'routed', key, router: event.router, target: event.target, routerMs: event.routerMs });
        break;
      case 'referee':
        items.push({ kind: 'referee', key, verdict: event.verdict, ms: event.ms });
        break;
      case 'token': {
        const id = `${event.turnId}:${event.stream}`;
        const open = streams.get(id);
        if (open) open.text += event.text;
        else {
          const item = { kind: 'stream' as const, key, stream: event.stream, text: event.text };
          streams.set(id, item);
          items.push(item);
        }
        break;
      }
      case 'tool':
        items.push({ kind: 'tool', key, toolKind: event.kind, alias: event.alias, seat: event.seat });
        break;
      case 'turn':
        turns.push(event.timing);
        failures.push(...event.failures);
        break;
      case 'ended':
        ended = true;
        items.push({ kind: 'ended', key, reason: event.reason });
        break;
      case 'started':
        break;
    }
  });
  return { items, turns, failures, ended, partial: ended ? null : partial };
}
