import type { FastifyInstance } from 'fastify';
import { sipLineEndpoints } from '@dialwise/contracts';
import { contextOf } from '../auth/authenticate.ts';
import { ok } from '../http/envelope.ts';
import { route } from '../http/route.ts';
import { createSipLine } from './create-sip-line.ts';
import { getSipLine } from './get-sip-line.ts';
import { listSipLines } from './list-sip-lines.ts';
import { updateSipLine } from './update-sip-line.ts';

/** SIP line management (route sipManage): the password is write-only (answers carry hasPassword). */
export async function sipLineRoutes(app: FastifyInstance) {
  route(app, sipLineEndpoints.list, async (request) => ok(request, await listSipLines(contextOf(request), request.body)));

  route(app, sipLineEndpoints.get, async (request) => ok(request, await getSipLine(contextOf(request), request.body)));

  route(app, sipLineEndpoints.create, async (request) => ok(request, await createSipLine(contextOf(request), app.secrets, request.body)));

  route(app, sipLineEndpoints.update, async (request) =>
    ok(request, await updateSipLine(contextOf(request), app.secrets, request.body, app.clock.now())),
  );
}
