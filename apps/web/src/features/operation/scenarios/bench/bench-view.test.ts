import { describe, expect, it } from 'vitest';
import type { BenchEvent } from '@dialwise/contracts';
import { benchView } from './bench-view.ts';

const timing = {
  turnId: 't1',
  user: 'How much?',
  route: 'Talk',
  action: 'answer' as const,
  speechEndMs: null,
  finalAtMs: 100,
  routerMs: 1,
  refereeMs: null,
  llmFirstTokenMs: 200,
  firstSentenceMs: 300,
  firstAudioMs: 310,
  totalMs: 900,
  interrupted: false,
};

describe('the bench view', () => {
  it('gathers each stream of a turn into one growing line where its first token came, and keeps the turns for the timeline', () => {
    const events: BenchEvent[] = [
      { type: 'started', atMs: 0, language: 'en-US', version: 2 },
      { type: 'said', atMs: 10, speaker: 'customer', text: 'How much?' },
      { type: 'routed', atMs: 11, user: 'How much?', router: 'Talk', target: 'stream', routerMs: 1 },
      { type: 'token', atMs: 200, turnId: 't1', stream: 'main', text: 'Ten ' },
      { type: 'said', atMs: 250, speaker: 'ai', text: 'Ten dollars.' },
      { type: 'token', atMs: 260, turnId: 't1', stream: 'main', text: 'dollars.' },
      { type: 'turn', atMs: 900, timing, failures: [] },
      { type: 'ended', atMs: 1000, reason: 'hangup' },
    ];
    const view = benchView(events);
    expect(view.items.map((item) => item.kind)).toEqual(['said', 'routed', 'stream', 'said', 'ended']);
    expect(view.items[2]).toMatchObject({ kind: 'stream', stream: 'main', text: 'Ten dollars.' });
    expect(view.turns).toEqual([timing]);
    expect(view.ended).toBe(true);
    expect(view.partial).toBeNull();
  });

  it("shows the recogniser's interim words of a voice conversation until the callee's line is final", () => {
    const events: BenchEvent[] = [
      { type: 'started', atMs: 0, language: 'en-US', version: 2 },
      { type: 'partial', atMs: 10, text: 'how much' },
      { type: 'partial', atMs: 20, text: 'how much does it' },
    ];
    expect(benchView(events).partial).toBe('how much does it');
    const final: BenchEvent = { type: 'said', atMs: 30, speaker: 'customer', text: 'how much does it cost' };
    const view = benchView([...events, final]);
    expect(view.partial).toBeNull();
    expect(view.items).toEqual([{ kind: 'said', key: '3', speaker: 'customer', text: 'how much does it cost' }]);
  });
});
