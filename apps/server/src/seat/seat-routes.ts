import type { FastifyInstance } from 'fastify';
import { seatEndpoints } from '@dialwise/contracts';
import { contextOf } from '../auth/authenticate.ts';
import { ok } from '../http/envelope.ts';
import { route } from '../http/route.ts';
import { getSeatCallInfo } from './get-seat-call-info.ts';
import { saveCallDisposition } from './save-call-disposition.ts';

/**
 * The seat's REST side (OPR only; the signalling is the WebSocket `/ws/seat`): read a call offered to or
 * taken by the agent, and file the one they took.
 */
export async function seatRoutes(app: FastifyInstance) {
  // Authenticated before the body is read or validated (an anonymous caller gets 401, never the field list).

  route(app, seatEndpoints.callInfo, async (request) => ok(request, await getSeatCallInfo(contextOf(request), request.body.callId)));

  route(app, seatEndpoints.disposition, async (request) => ok(request, await saveCallDisposition(contextOf(request), request.body)));
}
