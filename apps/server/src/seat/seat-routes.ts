import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { callDispositionInputSchema, callDispositionSchema, seatCallIdSchema, seatCallInfoSchema } from '@dialwise/contracts';
import { contextOf } from '../auth/authenticate.ts';
import { answers, ok } from '../http/envelope.ts';
import { getSeatCallInfo } from './get-seat-call-info.ts';
import { saveCallDisposition } from './save-call-disposition.ts';

/**
 * The seat's REST side (OPR only; the signalling is the WebSocket `/ws/seat`): read a call offered to or
 * taken by the agent, and file the one they took.
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
    '/disposition',
    {
      schema: {
        tags,
        summary: 'Files the issue type and resolution status (and a note) on a call this agent took; saving again replaces them',
        body: callDispositionInputSchema,
        response: answers(callDispositionSchema),
      },
      onRequest,
    },
    async (request) => ok(request, await saveCallDisposition(contextOf(request), request.body)),
  );
}
