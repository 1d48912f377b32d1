import { describe, expect, it } from 'vitest';
import { explainDialState, type DialFacts } from './dial-state.ts';

// Monday 2026-11-23 10:00 in Shanghai: inside the window below.
const OPEN = new Date('2026-11-23T02:00:00Z');
// Sunday 2026-11-29 10:00 in Shanghai: not a calling day.
const SUNDAY = new Date('2026-11-29T02:00:00Z');

const dialling: DialFacts = {
  status: 'in_progress',
  statusReason: null,
  window: { start: '09:00', end: '20:00', weekdays: [1, 2, 3, 4, 5, 6], timeZone: 'Asia/Shanghai' },
  pendingZoneKeys: null,
  pendingCount: 300,
  liveCalls: 0,
  lines: [{ concurrency: 10, liveCalls: 0 }],
  company: { cap: 20, liveCalls: 0 },
  due: { now: true, nextAt: null },
};
const explain = (facts: Partial<DialFacts>, at = OPEN) => explainDialState({ ...dialling, ...facts }, at);

describe("why a started task is not calling (the dialer's own checks)", () => {
  it('says nothing while it can dial, or while it is not started', () => {
    expect(explain({})).toBeNull();
    expect(explain({ status: 'pending' }, SUNDAY)).toBeNull();
    expect(explain({ status: 'paused' }, SUNDAY)).toBeNull();
    expect(explain({ status: 'completed' })).toBeNull();
  });

  it("outside the window: which closure, the next opening and the company's zone", () => {
    expect(explain({}, SUNDAY)).toEqual({
      code: 'outsideWindow',
      closure: 'notCallingDay',
      nextAt: '2026-11-30T01:00:00.000Z',
      timeZone: 'Asia/Shanghai',
    });
    // Monday 21:00 in Shanghai: today's window has passed, Tuesday 09:00.
    expect(explain({}, new Date('2026-11-23T13:00:00Z'))).toMatchObject({ closure: 'afterHours', nextAt: '2026-11-24T01:00:00.000Z' });
  });

  it('no enabled line comes first: the window opening would not help', () => {
    expect(explain({ lines: [] }, SUNDAY)).toEqual({ code: 'noLine' });
  });

  it('nothing pending: finishing its last calls, or nothing left to call', () => {
    expect(explain({ pendingCount: 0, liveCalls: 2 }, SUNDAY)).toEqual({ code: 'finishing', liveCalls: 2 });
    expect(explain({ pendingCount: 0 })).toEqual({ code: 'nothingToCall' });
  });

  it('every pending number waiting for its redial gap: when the first is due', () => {
    const nextAt = new Date('2026-11-23T02:30:00Z');
    expect(explain({ due: { now: false, nextAt } })).toEqual({
      code: 'redialWait',
      nextAt: nextAt.toISOString(),
      timeZone: 'Asia/Shanghai',
    });
  });

  it("the limits the claim holds, when the task has no call of its own: the company's cap, then the lines' places", () => {
    expect(explain({ company: { cap: 20, liveCalls: 20 } })).toEqual({ code: 'companyCap', cap: 20 });
    expect(
      explain({
        lines: [
          { concurrency: 10, liveCalls: 10 },
          { concurrency: 5, liveCalls: 6 },
        ],
      }),
    ).toEqual({ code: 'linesBusy', capacity: 15 });
    // One place left on one line: it will dial.
    expect(
      explain({
        lines: [
          { concurrency: 10, liveCalls: 10 },
          { concurrency: 5, liveCalls: 4 },
        ],
      }),
    ).toBeNull();
  });

  it('a task with calls of its own on the line is dialling, whatever the limits', () => {
    expect(explain({ liveCalls: 10, lines: [{ concurrency: 10, liveCalls: 10 }], company: { cap: 10, liveCalls: 10 } })).toBeNull();
  });

  it("paused by the circuit breaker: the breaker's reason", () => {
    const reason = { code: 'breaker' as const, failures: 9, calls: 10, lastSipStatus: 503 };
    expect(explain({ status: 'paused', statusReason: reason })).toEqual(reason);
  });
});
