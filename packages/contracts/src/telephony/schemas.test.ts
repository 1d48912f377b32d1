import { describe, expect, it } from 'vitest';
import { CALL_OUTCOMES, CALL_PARTIES, callOutcomeSchema, callPartySchema } from './schemas.ts';

describe('telephony contracts', () => {
  it('names every call outcome once, including back-pressure and timeout', () => {
    expect(new Set(CALL_OUTCOMES).size).toBe(CALL_OUTCOMES.length);
    expect(CALL_OUTCOMES).toEqual([
      'answered',
      'busy',
      'no_answer',
      'invalid_number',
      'rejected',
      'failed',
      'canceled',
      'backpressure',
      'timeout',
    ]);
    for (const outcome of CALL_OUTCOMES) expect(callOutcomeSchema.parse(outcome)).toBe(outcome);
  });

  it('refuses an unknown outcome or party', () => {
    expect(callOutcomeSchema.safeParse('connected').success).toBe(false);
    expect(callPartySchema.safeParse('caller').success).toBe(false);
    expect(CALL_PARTIES.map((p) => callPartySchema.parse(p))).toEqual(['us', 'callee', 'network']);
  });
});
