import type { FastifyInstance } from 'fastify';
import { seatEndpoints } from '@dialwise/contracts';
import { contextOf } from '../auth/authenticate.ts';
import { ok } from '../http/envelope.ts';
import { route } from '../http/route.ts';
import { getSeatCallInfo } from './get-seat-call-info.ts';
import { listUnfiledCalls } from './list-unfiled-calls.ts';

/**
 * The seat's REST side (OPR only; the signalling is the WebSocket `/ws/seat`): read a call offered to or
 * taken by the agent, and list the calls they took and have not filed. Filing is the call records'
 * `POST /api/call-records/disposition` (the seat's form and the call-record drawer share it).
 */
export async function seatRoutes(app: FastifyInstance) {
  route(app, seatEndpoints.callInfo, async (request) => ok(request, await getSeatCallInfo(contextOf(request), request.body.callId)));
  route(app, seatEndpoints.unfiled, async (request) => ok(request, await listUnfiledCalls(contextOf(request))));
}
