import { defineEndpoints } from '../endpoint.ts';
import { callDispositionSchema } from '../call-records.ts';
import { callDispositionInputSchema, seatCallIdSchema, seatCallInfoSchema } from '../seat-calls.ts';

/** The seat's REST side (OPR only; the signalling is the WebSocket `/ws/seat`): read a call offered to or taken by the agent, and file the one they took. */
export const seatEndpoints = defineEndpoints(
  { tag: 'seat', roles: ['OPR'] },
  {
    callInfo: {
      path: '/api/seat/call-info',
      summary: 'A call offered to or taken by this agent: the call and its conversation, the customer and their history, the task',
      body: seatCallIdSchema,
      response: seatCallInfoSchema,
    },
    disposition: {
      path: '/api/seat/disposition',
      summary: 'Files the issue type and resolution status (and a note) on a call this agent took; saving again replaces them',
      body: callDispositionInputSchema,
      response: callDispositionSchema,
    },
  },
);
