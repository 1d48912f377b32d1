import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  pageSchema,
  scenarioCreateSchema,
  scenarioDetailSchema,
  scenarioExportOutSchema,
  scenarioImportSchema,
  scenarioListItemSchema,
  scenarioParsedSchema,
  scenarioQuerySchema,
  scenarioRefSchema,
  scenarioSavedSchema,
  scenarioUpdateSchema,
} from '@dialwise/contracts';
import { contextOf } from '../../auth/authenticate.ts';
import { answers, ok } from '../../http/envelope.ts';
import { requestLocale } from '../../http/locale.ts';
import { deleteScenario } from './delete-scenario.ts';
import { exportScenario } from './export-scenario.ts';
import { getScenario } from './get-scenario.ts';
import { importScenario, parseScenarioFile } from './import-scenario.ts';
import { listScenarios } from './list-scenarios.ts';
import { createScenario, updateScenario } from './save-scenario.ts';

const idBody = z.object({ id: z.uuid({ error: 'v.id' }) });

/** /api/operation/scenarios: versioned scenario documents, for the provider's staff (DEV) only. */
export async function scenarioRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const dev = { onRequest: app.authenticate(['DEV']) };
  const tags = ['operation/scenarios'];

  r.post(
    '/list',
    {
      ...dev,
      schema: {
        tags,
        summary: 'Scenarios with their current version and the processors it uses',
        body: scenarioQuerySchema,
        response: answers(pageSchema(scenarioListItemSchema)),
      },
    },
    async (request) => ok(request, await listScenarios(contextOf(request), request.body)),
  );

  r.post(
    '/get',
    {
      ...dev,
      schema: {
        tags,
        summary: 'One version of a scenario (the current one by default) and the list of versions',
        body: scenarioRefSchema,
        response: answers(scenarioDetailSchema),
      },
    },
    async (request) => ok(request, await getScenario(contextOf(request), request.body)),
  );

  r.post(
    '/create',
    {
      ...dev,
      schema: { tags, summary: 'Create a scenario (version 1)', body: scenarioCreateSchema, response: answers(scenarioSavedSchema) },
    },
    async (request) => ok(request, await createScenario(contextOf(request), request.body, requestLocale(request))),
  );

  r.post(
    '/update',
    {
      ...dev,
      schema: {
        tags,
        summary: 'Save an edit as a new version; refused if baseVersion is no longer current',
        body: scenarioUpdateSchema,
        response: answers(scenarioSavedSchema),
      },
    },
    async (request) => ok(request, await updateScenario(contextOf(request), request.body, requestLocale(request))),
  );

  r.post(
    '/delete',
    { ...dev, schema: { tags, summary: 'Remove a scenario that no company is granted', body: idBody, response: answers(z.null()) } },
    async (request) => {
      await deleteScenario(contextOf(request), request.body.id);
      return ok(request, null);
    },
  );

  r.post(
    '/export',
    {
      ...dev,
      schema: {
        tags,
        summary: 'The export file of a version: the document, a format marker and the processors it references',
        body: scenarioRefSchema,
        response: answers(scenarioExportOutSchema),
      },
    },
    async (request) => ok(request, await exportScenario(contextOf(request), request.body, app.clock.now())),
  );

  r.post(
    '/parse',
    {
      ...dev,
      schema: {
        tags,
        summary: 'Check an import file without saving it (the editor loads the document)',
        body: scenarioImportSchema,
        response: answers(scenarioParsedSchema),
      },
    },
    async (request) => ok(request, await parseScenarioFile(contextOf(request).db, request.body.content, requestLocale(request))),
  );

  r.post(
    '/import',
    {
      ...dev,
      schema: {
        tags,
        summary: 'Import a file as a new scenario; "Scenario format failed" lists the failing paths',
        body: scenarioImportSchema,
        response: answers(scenarioSavedSchema),
      },
    },
    async (request) => ok(request, await importScenario(contextOf(request), request.body.content, requestLocale(request))),
  );
}
