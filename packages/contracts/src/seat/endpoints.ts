import { z } from 'zod';
import { defineEndpoints } from '../common/endpoint.ts';
import { seatCallIdSchema, seatCallInfoSchema, seatUnfiledCallsSchema } from './schemas.ts';

/**
 * The seat's REST side (OPR only; the signalling is the WebSocket `/ws/seat`): read a call offered to or
 * taken by the agent, and list the calls they took and have not filed. Filing is the call records'
 * `disposition` (the seat's form and the call-record drawer share it).
 */
export const seatEndpoints = defineEndpoints(
  { tag: 'seat', roles: ['OPR'] },
  {
    callInfo: {
      path: '/api/seat/call-info',
      summary: 'A call offered to or taken by this agent: the call and its conversation, the customer and their history, the task',
      body: seatCallIdSchema,
      response: seatCallInfoSchema,
    },
    unfiled: {
      path: '/api/seat/unfiled',
      summary: 'The calls this agent took and has not filed yet (no issue type saved), newest first',
      body: z.object({}).optional(),
      response: seatUnfiledCallsSchema,
    },
  },
);
