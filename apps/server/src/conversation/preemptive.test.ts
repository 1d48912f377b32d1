import { describe, expect, it } from 'vitest';
import { Speculation, SpeculationSlot, sameWords } from './preemptive.ts';
import { Reply } from './reply.ts';

describe('preemptive generation', () => {
  it('adopts a speculation only for the same words: case, punctuation and spacing aside, never a longer final', () => {
    expect(sameWords('How much does it cost', 'how much does it cost?')).toBe(true);
    expect(sameWords('多少钱', '多少钱？')).toBe(true);
    expect(sameWords('How much does it cost', 'How much does it cost for a year?')).toBe(false);
  });

  it('holds its sentences until adopted, then speaks them in order and the rest as they come', () => {
    const speculation = new Speculation('how much', new Reply('how much', 'r', 'answer', 0, true));
    speculation.speak('It stays at 99 yuan.');
    const said: string[] = [];
    speculation.adopt((sentence) => said.push(sentence));
    speculation.speak('Shall I renew it?');
    expect(said).toEqual(['It stays at 99 yuan.', 'Shall I renew it?']);
  });

  it('holds the streams’ tokens for an observer (the test bench) and passes them on once adopted; a cancelled one drops them', () => {
    const speculation = new Speculation('how much', new Reply('how much', 'r', 'answer', 0, true));
    speculation.token('main', 'It ');
    speculation.token('main', 'stays');
    const tokens: string[] = [];
    speculation.adopt(
      () => undefined,
      (stream, token) => tokens.push(`${stream}:${token}`),
    );
    speculation.token('rewrite', 'Shall');
    expect(tokens).toEqual(['main:It ', 'main:stays', 'rewrite:Shall']);

    const dropped = new Speculation('how', new Reply('how', 'r2', 'answer', 0, true));
    dropped.token('main', 'It ');
    dropped.cancel();
    const none: string[] = [];
    dropped.adopt(
      () => undefined,
      (_stream, token) => none.push(token),
    );
    expect(none).toEqual([]);
  });

  it('a cancelled speculation aborts its reply (its model requests) and says nothing', () => {
    const reply = new Reply('how', 'r', 'answer', 0, true);
    const speculation = new Speculation('how', reply);
    speculation.speak('Held.');
    speculation.cancel();
    expect(reply.signal.aborted).toBe(true);
    expect(speculation.cancelled).toBe(true);
  });

  it('the slot gives its speculation to a final with the same words, and counts the others as cancelled with their requests', () => {
    const slot = new SpeculationSlot();
    const used = new Speculation('how much does it cost', new Reply('', 'r', 'answer', 0, true));
    slot.hold(used);
    expect(slot.holding).toBe(true);
    expect(slot.take('How much does it cost?')).toBe(used);
    expect(slot.holding).toBe(false);
    // The callee went on (no final), then a final with more words: both cancelled, their requests counted.
    const wentOn = new Speculation('how much', new Reply('', 'r', 'answer', 0, true));
    wentOn.requests = 2;
    slot.hold(wentOn);
    expect(slot.take(null)).toBeNull();
    const longer = new Speculation('how much', new Reply('', 'r', 'answer', 0, true));
    longer.requests = 3;
    slot.hold(longer);
    expect(slot.take('how much for a year')).toBeNull();
    expect(longer.cancelled).toBe(true);
    expect(slot.take('anything')).toBeNull();
    expect(slot.counts).toEqual({ started: 3, used: 1, cancelled: 2, extraRequests: 5 });
  });
});
