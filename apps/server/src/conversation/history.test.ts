import { conversationLineSchema } from '@dialwise/contracts';
import { describe, expect, it } from 'vitest';
import { conversationOf, History } from './history.ts';

describe("the runtime's transcript as the record stores it (the table's edge)", () => {
  it("keeps each line's speaker as it is (the record stores the same words), whole ms, no turn ids", () => {
    const history = new History();
    history.add({ speaker: 'ai', text: 'Hello, this is Lin from Acme.', atMs: 12.4, turnId: 'prologue' });
    history.add({ speaker: 'ai', text: 'One moment', atMs: 2_600.6, filler: true, turnId: 't1' });
    history.add({ speaker: 'ai', text: 'It is ninety', atMs: 3_000, interrupted: true, turnId: 't1' });
    history.addInOrder({ speaker: 'customer', text: 'How much is it?', atMs: 2_000.2 });
    history.add({ speaker: 'seat', text: 'How can I help you?', atMs: 9_000 });
    const stored = conversationOf(history);
    expect(stored).toEqual([
      { speaker: 'ai', text: 'Hello, this is Lin from Acme.', atMs: 12 },
      { speaker: 'customer', text: 'How much is it?', atMs: 2_000 },
      { speaker: 'ai', text: 'One moment', atMs: 2_601, filler: true },
      { speaker: 'ai', text: 'It is ninety', atMs: 3_000, interrupted: true },
      { speaker: 'seat', text: 'How can I help you?', atMs: 9_000 },
    ]);
    for (const line of stored) expect(conversationLineSchema.parse(line)).toEqual(line);
  });
});
