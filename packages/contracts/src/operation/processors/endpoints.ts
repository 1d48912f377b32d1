import { z } from 'zod';
import { idBodySchema } from '../../common/fields.ts';
import { defineEndpoints, noBody } from '../../common/endpoint.ts';
import { pageSchema } from '../../common/envelope.ts';
import { processorInputSchema, processorOptionSchema, processorQuerySchema, processorSchema, processorUpdateSchema } from './schemas.ts';

/** /api/operation/processors: the processor catalogue, for the provider's staff (DEV) only. */
export const processorEndpoints = defineEndpoints(
  { tag: 'operation/processors', roles: ['DEV'] },
  {
    list: {
      path: '/api/operation/processors/list',
      summary: 'Processors, filtered by type and state',
      body: processorQuerySchema,
      response: pageSchema(processorSchema),
    },
    get: { path: '/api/operation/processors/get', summary: 'One processor', body: idBodySchema, response: processorSchema },
    options: {
      path: '/api/operation/processors/options',
      summary: 'Every processor, for the scenario editor',
      body: noBody,
      response: z.array(processorOptionSchema),
    },
    create: { path: '/api/operation/processors/create', summary: 'Add a processor', body: processorInputSchema, response: processorSchema },
    update: {
      path: '/api/operation/processors/update',
      summary: 'Edit a processor (its type is fixed while scenarios use it)',
      body: processorUpdateSchema,
      response: processorSchema,
    },
    delete: {
      path: '/api/operation/processors/delete',
      summary: 'Remove a processor no scenario version uses',
      body: idBodySchema,
      response: z.null(),
    },
  },
);
