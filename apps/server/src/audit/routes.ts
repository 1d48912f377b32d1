import type { FastifyInstance } from 'fastify';
import { auditEndpoints } from '@dialwise/contracts';
import { contextOf } from '../auth/authenticate.ts';
import { ok } from '../http/envelope.ts';
import { route } from '../http/route.ts';
import { listAudit } from './list-audit.ts';

export async function auditRoutes(app: FastifyInstance) {
  route(app, auditEndpoints.list, async (request) => ok(request, await listAudit(contextOf(request), request.body)));
}
