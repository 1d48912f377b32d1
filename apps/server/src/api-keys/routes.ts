import type { FastifyInstance } from 'fastify';
import { apiKeyEndpoints } from '@dialwise/contracts';
import { contextOf } from '../auth/authenticate.ts';
import { ok } from '../http/envelope.ts';
import { route } from '../http/route.ts';
import { createApiKey } from './create-api-key.ts';
import { listApiKeys } from './list-api-keys.ts';
import { revokeApiKey } from './revoke-api-key.ts';

/** System management → API keys (console-only: a key never manages keys). */
export async function apiKeyRoutes(app: FastifyInstance) {
  route(app, apiKeyEndpoints.list, async (request) => ok(request, await listApiKeys(contextOf(request), app.clock.now())));
  route(app, apiKeyEndpoints.create, async (request) => ok(request, await createApiKey(contextOf(request), request.body, app.clock.now())));
  route(app, apiKeyEndpoints.revoke, async (request) =>
    ok(request, await revokeApiKey(contextOf(request), request.body.id, app.clock.now())),
  );
}
