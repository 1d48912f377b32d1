import { describe, expect, it } from 'vitest';
import { completeness, endpointingDelayMs } from './endpointing.ts';

describe('adaptive endpointing', () => {
  it('ends a complete question or answer sooner than the default', () => {
    for (const text of ['how much does it cost', 'Who is this?', 'can you send me the details', 'yes', 'No thanks', '好的', '多少钱吗']) {
      expect(completeness(text), text).toBe('complete');
      expect(endpointingDelayMs(text, 600), text).toBe(300);
    }
  });

  it('waits longer for words that trail off', () => {
    for (const text of ['I think', 'yes and', 'well um', 'the price is', 'I would like to', '然后', '就是那个']) {
      expect(completeness(text), text).toBe('trailing');
      expect(endpointingDelayMs(text, 600), text).toBe(960);
    }
  });

  it('keeps the default when the words say neither (or there are none yet), and never goes under 200 ms', () => {
    for (const text of ['', 'my plan gold', 'maybe']) expect(endpointingDelayMs(text, 600), text).toBe(600);
    expect(endpointingDelayMs('yes', 300)).toBe(200);
  });
});
