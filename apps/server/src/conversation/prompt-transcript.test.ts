import { describe, expect, it } from 'vitest';
import { analysisQuestion } from './analyze-call.ts';
import { handoverMessages } from './handover-summary.ts';
import { linesOf, promptTranscript } from './prompt-transcript.ts';

const lines = [
  { speaker: 'ai' as const, text: 'Your plan ends this month.', atMs: 0 },
  { speaker: 'customer' as const, text: 'How much', atMs: 3_000, interrupted: true },
  { speaker: 'seat' as const, text: 'Hello, I can help.', atMs: 9_000 },
];

describe('the transcript a model reads', () => {
  it('names the AI, the customer and the agent, and marks a line cut off', () => {
    expect(promptTranscript(lines)).toBe('AI: Your plan ends this month.\nCustomer: How much …\nAgent: Hello, I can help.');
    expect(linesOf(promptTranscript(lines), 'customer')).toEqual(['How much …']);
  });

  it('is the same in the handover note’s request and the analysis question', () => {
    const transcript = promptTranscript(lines);
    const handover = handoverMessages({
      lines,
      language: 'en-US',
      route: 'Wants a person',
      toolAlias: 'human',
      scenarioName: 'Renewals',
      businessInfo: {},
    });
    expect(handover[1]!.content).toContain(transcript);
    expect(analysisQuestion(lines, ['renewed'])).toContain(transcript);
  });
});
