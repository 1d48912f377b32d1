import { describe, expect, it } from 'vitest';
import { CircuitBreaker } from './circuit-breaker.ts';

describe('circuit breaker', () => {
  it('does not trip before enough calls are in, however bad they are', () => {
    const breaker = new CircuitBreaker({ window: 20, minCalls: 10, threshold: 0.8 });
    for (let i = 0; i < 9; i += 1) expect(breaker.record(true).tripped).toBe(false);
    expect(breaker.record(true)).toEqual({ tripped: true, failures: 10, calls: 10, share: 1 });
  });
  it('trips exactly when the failure share reaches the threshold', () => {
    const breaker = new CircuitBreaker({ window: 10, minCalls: 10, threshold: 0.8 });
    for (let i = 0; i < 2; i += 1) breaker.record(false);
    for (let i = 0; i < 7; i += 1) breaker.record(true);
    expect(breaker.record(true)).toMatchObject({ tripped: true, share: 0.8 });
  });
  it('forgets calls that slid out of the window, and resets', () => {
    const breaker = new CircuitBreaker({ window: 10, minCalls: 5, threshold: 0.5 });
    for (let i = 0; i < 4; i += 1) breaker.record(true);
    expect(breaker.record(false).tripped).toBe(true);
    // Five good calls later, 4 of 10 failed: under the threshold.
    for (let i = 0; i < 4; i += 1) breaker.record(false);
    expect(breaker.record(false).tripped).toBe(false);
    breaker.reset();
    for (let i = 0; i < 4; i += 1) expect(breaker.record(true).tripped).toBe(false);
  });
});
