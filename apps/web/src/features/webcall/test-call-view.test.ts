import { describe, expect, it } from 'vitest';
import type { TestCallEvent } from '@dialwise/contracts';
import { testCallView } from './test-call-view.ts';

describe("a test call's live view", () => {
  it('shows the recogniser’s words until the tester’s line is final, then the line; notes for answer, transfer and end', () => {
    const events: TestCallEvent[] = [
      { type: 'answered', atMs: 10 },
      { type: 'said', atMs: 20, speaker: 'ai', text: 'Hello.' },
      { type: 'partial', atMs: 30, text: 'how much' },
    ];
    expect(testCallView(events)).toMatchObject({ partial: 'how much', ended: false });
    events.push({ type: 'said', atMs: 40, speaker: 'customer', text: 'how much does it cost' });
    events.push({ type: 'transferred', atMs: 50 });
    const view = testCallView(events);
    expect(view.partial).toBeNull();
    expect(view.items.map((item) => item.kind)).toEqual(['answered', 'said', 'said', 'transferred']);
    events.push({ type: 'partial', atMs: 60, text: 'are you' }, { type: 'ended', atMs: 70, reason: 'hangup' });
    expect(testCallView(events)).toMatchObject({
      partial: null,
      ended: true,
      items: expect.arrayContaining([{ kind: 'ended', key: '6', reason: 'hangup' }]),
    });
  });
});
