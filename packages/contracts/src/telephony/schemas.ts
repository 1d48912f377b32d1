import { z } from 'zod';

/**
 * How one dial attempt ended, as the telephony engine reports it (apps/server/src/telephony) and the
 * dialer and call records store it. Written once here so the dialer's retry rules, the call records and
 * the boards read the same names.
 *
 * - answered:       the callee picked up (the result carries the talk duration);
 * - busy:           486 Busy Here / 600 Busy Everywhere;
 * - no_answer:      it rang and nobody picked up: our ring timeout (CANCEL → 487), or 480 / 408 from the far end;
 * - invalid_number: 404 / 484 / 604: the number does not exist; do not dial it again;
 * - rejected:       any other 4xx, and 603 Decline (the callee refused the call: a person's answer, not a fault);
 * - failed:         other 5xx / 6xx, or a local failure (DNS, no RTP port, no common codec);
 * - canceled:       we gave up before an answer (hang-up or abort by the dialer, not the ring timeout);
 * - backpressure:   403 / 429 / 503: the carrier refuses the rate or the account, not the number;
 *                   the dialer slows the line down and retries the number later;
 * - timeout:        the far end never answered anything (no provisional, no final) before timer B.
 */
export const CALL_OUTCOMES = [
  'answered',
  'busy',
  'no_answer',
  'invalid_number',
  'rejected',
  'failed',
  'canceled',
  'backpressure',
  'timeout',
] as const;
export const callOutcomeSchema = z.enum(CALL_OUTCOMES);
export type CallOutcome = z.infer<typeof callOutcomeSchema>;

/**
 * Who ended the call: our side (hang-up, CANCEL, ring timeout), the callee (BYE, a refusal), or the network (no response).
 * Not the transcript's speakers (`ai | customer | seat`): those say who spoke a line of an answered call, this says
 * which end of the telephone line ended any call, answered or not. `us` is the AI's hang-up tool, a seat's hang-up,
 * the ring timeout, a task's abort and a stopping dialer alike — the line cannot tell them apart, and calling it `ai`
 * would be wrong for all but the first; `network` has no speaker. `callee` is the far end, whether or not a customer
 * ever spoke. So the two lists stay apart, each mapped to words once, in the console's locale.
 */
export const CALL_PARTIES = ['us', 'callee', 'network'] as const;
export const callPartySchema = z.enum(CALL_PARTIES);
export type CallParty = z.infer<typeof callPartySchema>;
