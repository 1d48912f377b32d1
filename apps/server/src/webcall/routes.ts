import type { FastifyInstance } from 'fastify';
import { webCallEndpoints } from '@dialwise/contracts';
import { ok } from '../http/envelope.ts';
import { route } from '../http/route.ts';

/** /api/webcall — what the browser needs before it offers a voice test call: the ICE servers both sides use. */
export async function webCallRoutes(app: FastifyInstance) {
  route(app, webCallEndpoints.config, async (request) => ok(request, { iceServers: app.config.iceServers }));
}
