import type { FastifyInstance } from 'fastify';
import { testCallEndpoints } from '@dialwise/contracts';
import { contextOf } from '../auth/authenticate.ts';
import { ok } from '../http/envelope.ts';
import { route } from '../http/route.ts';
import type { TestCalls } from './test-calls.ts';

/** /api/tasks/test-call — a task's test call from the browser: open it (offer in, answer out), follow it, hang it up. */
export async function testCallRoutes(app: FastifyInstance, { testCalls }: { testCalls: TestCalls }) {
  route(app, testCallEndpoints.start, async (request) => ok(request, await testCalls.start(contextOf(request), request.body)));

  route(app, testCallEndpoints.hangup, async (request) => {
    await testCalls.hangUp(contextOf(request), request.body.callId);
    return ok(request, true);
  });

  route(app, testCallEndpoints.events, async (request) =>
    ok(request, testCalls.eventsOf(contextOf(request), request.body.callId, request.body.after)),
  );
}
