import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { seatCallIdSchema, seatCallInfoSchema, seatUnfiledCallsSchema } from '@dialwise/contracts';
import { z } from 'zod';
import { contextOf } from '../auth/authenticate.ts';
import { answers, ok } from '../http/envelope.ts';
import { getSeatCallInfo } from './get-seat-call-info.ts';
import { listUnfiledCalls } from './list-unfiled-calls.ts';

/**
 * The seat's REST side (OPR only; the signalling is the WebSocket `/ws/seat`): read a call offered to or
 * taken by the agent, and list the calls they took and have not filed. Filing is the call records'
 * `POST /api/call-records/disposition` (the seat's form and the call-record drawer share it).
 */
export async function seatRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Authenticated before the body is read or validated (an anonymous caller gets 401, never the field list).
  const onRequest = app.authenticate(['OPR']);
  const tags = ['seat'];

  r.post(
    '/call-info',
    {
      schema: {
        tags,
        summary: 'A call offered to or taken by this agent: the call and its conversation, the customer and their history, the task',
        body: seatCallIdSchema,
        response: answers(seatCallInfoSchema),
      },
      onRequest,
    },
    async (request) => ok(request, await getSeatCallInfo(contextOf(request), request.body.callId)),
  );

  r.post(
    '/unfiled',
    {
      schema: {
        tags,
        summary: 'The calls this agent took and has not filed yet (no issue type saved), newest first',
        body: z.object({}).optional(),
        response: answers(seatUnfiledCallsSchema),
      },
      onRequest,
    },
    async (request) => ok(request, await listUnfiledCalls(contextOf(request))),
  );
}
