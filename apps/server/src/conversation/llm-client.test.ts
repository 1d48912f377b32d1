import type { ConversationLine } from '@dialwise/contracts';
import { describe, expect, it } from 'vitest';
import { chatMessagesOf } from './llm-client.ts';

describe("the transcript in the model's words (the LLM client's edge)", () => {
  it("the AI's lines are the assistant's; the customer's and a seat's are the user's, a seat's marked as a human agent's", () => {
    const lines: ConversationLine[] = [
      { speaker: 'ai', text: 'Hello, this is Lin from Acme.', atMs: 0 },
      { speaker: 'customer', text: 'Can I talk to a person?', atMs: 2_000 },
      { speaker: 'seat', text: 'How can I help you?', atMs: 9_000 },
      { speaker: 'customer', text: 'My bill is wrong.', atMs: 11_000 },
    ];
    expect(chatMessagesOf(lines)).toEqual([
      { role: 'assistant', content: 'Hello, this is Lin from Acme.' },
      { role: 'user', content: 'Can I talk to a person?' },
      { role: 'user', content: '[human agent] How can I help you?' },
      { role: 'user', content: 'My bill is wrong.' },
    ]);
  });

  it('leaves fillers out and ends a reply the customer cut short in "…"', () => {
    const lines: ConversationLine[] = [
      { speaker: 'customer', text: 'How much is it?', atMs: 0 },
      { speaker: 'ai', text: 'One moment', atMs: 900, filler: true },
      { speaker: 'ai', text: 'It is ninety', atMs: 1_500, interrupted: true },
      { speaker: 'customer', text: 'Too much.', atMs: 2_100 },
    ];
    expect(chatMessagesOf(lines)).toEqual([
      { role: 'user', content: 'How much is it?' },
      { role: 'assistant', content: 'It is ninety …' },
      { role: 'user', content: 'Too much.' },
    ]);
  });
});
