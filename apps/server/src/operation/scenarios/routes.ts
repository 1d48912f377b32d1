import type { FastifyInstance } from 'fastify';
import { scenarioEndpoints } from '@dialwise/contracts';
import { contextOf } from '../../auth/authenticate.ts';
import { ok } from '../../http/envelope.ts';
import { route } from '../../http/route.ts';
import { requestLocale } from '../../http/locale.ts';
import { deleteScenario } from './delete-scenario.ts';
import { exportScenario } from './export-scenario.ts';
import { getScenario } from './get-scenario.ts';
import { importScenario, parseScenarioFile } from './import-scenario.ts';
import { listScenarios } from './list-scenarios.ts';
import { createScenario, updateScenario } from './save-scenario.ts';

/** /api/operation/scenarios: versioned scenario documents, for the provider's staff (DEV) only. */
export async function scenarioRoutes(app: FastifyInstance) {
  route(app, scenarioEndpoints.list, async (request) => ok(request, await listScenarios(contextOf(request), request.body)));

  route(app, scenarioEndpoints.get, async (request) => ok(request, await getScenario(contextOf(request), request.body)));

  route(app, scenarioEndpoints.create, async (request) =>
    ok(request, await createScenario(contextOf(request), request.body, requestLocale(request))),
  );

  route(app, scenarioEndpoints.update, async (request) =>
    ok(request, await updateScenario(contextOf(request), request.body, requestLocale(request))),
  );

  route(app, scenarioEndpoints.delete, async (request) => {
    await deleteScenario(contextOf(request), request.body.id);
    return ok(request, null);
  });

  route(app, scenarioEndpoints.export, async (request) =>
    ok(request, await exportScenario(contextOf(request), request.body, app.clock.now())),
  );

  route(app, scenarioEndpoints.parse, async (request) =>
    ok(request, await parseScenarioFile(contextOf(request).db, request.body.content, requestLocale(request))),
  );

  route(app, scenarioEndpoints.import, async (request) =>
    ok(request, await importScenario(contextOf(request), request.body.content, requestLocale(request))),
  );
}
