import { z } from 'zod';
import { idBodySchema } from '../../common/fields.ts';
import { defineEndpoints } from '../../common/endpoint.ts';
import { pageSchema } from '../../common/envelope.ts';
import {
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
} from './schemas.ts';

/** /api/operation/scenarios: versioned scenario documents, for the provider's staff (DEV) only. */
export const scenarioEndpoints = defineEndpoints(
  { tag: 'operation/scenarios', roles: ['DEV'] },
  {
    list: {
      path: '/api/operation/scenarios/list',
      summary: 'Scenarios with their current version and the processors it uses',
      body: scenarioQuerySchema,
      response: pageSchema(scenarioListItemSchema),
    },
    get: {
      path: '/api/operation/scenarios/get',
      summary: 'One version of a scenario (the current one by default) and the list of versions',
      body: scenarioRefSchema,
      response: scenarioDetailSchema,
    },
    create: {
      path: '/api/operation/scenarios/create',
      summary: 'Create a scenario (version 1)',
      body: scenarioCreateSchema,
      response: scenarioSavedSchema,
    },
    update: {
      path: '/api/operation/scenarios/update',
      summary: 'Save an edit as a new version; refused if baseVersion is no longer current',
      body: scenarioUpdateSchema,
      response: scenarioSavedSchema,
    },
    delete: {
      path: '/api/operation/scenarios/delete',
      summary: 'Remove a scenario that no company is granted',
      body: idBodySchema,
      response: z.null(),
    },
    export: {
      path: '/api/operation/scenarios/export',
      summary: 'The export file of a version: the document, a format marker and the processors it references',
      body: scenarioRefSchema,
      response: scenarioExportOutSchema,
    },
    parse: {
      path: '/api/operation/scenarios/parse',
      summary: 'Check an import file without saving it (the editor loads the document)',
      body: scenarioImportSchema,
      response: scenarioParsedSchema,
    },
    import: {
      path: '/api/operation/scenarios/import',
      summary: 'Import a file as a new scenario; "Scenario format failed" lists the failing paths',
      body: scenarioImportSchema,
      response: scenarioSavedSchema,
    },
  },
);
