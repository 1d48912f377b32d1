import type { TestCallEvent } from '@dialwise/contracts';

type Ended = Extract<TestCallEvent, { type: 'ended' }>;

export type TestCallItem =
  | { kind: 'said'; key: string; speaker: 'ai' | 'customer'; text: string }
  | { kind: 'answered' | 'transferred'; key: string }
  | { kind: 'ended'; key: string; reason: Ended['reason'] };

export interface TestCallView {
  items: TestCallItem[];
  /** The recogniser's words while the tester still speaks (null once their line is final). */
  partial: string | null;
  ended: boolean;
}

/** A test call's events as the dialog shows them: one line per thing said, a note when answered, transferred, ended. */
export function testCallView(events: readonly TestCallEvent[]): TestCallView {
  const items: TestCallItem[] = [];
  let partial: string | null = null;
  let ended = false;
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
      case 'ended':
        ended = true;
        items.push({ kind: 'ended', key, reason: event.reason });
        break;
      default:
        items.push({ kind: event.type, key });
    }
  });
  return { items, partial: ended ? null : partial, ended };
}
