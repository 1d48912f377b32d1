import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  pageSchema,
  processorInputSchema,
  processorOptionSchema,
  processorQuerySchema,
  processorSchema,
  processorUpdateSchema,
} from '@dialwise/contracts';
import { contextOf } from '../../auth/authenticate.ts';
import { answers, noBody, ok } from '../../http/envelope.ts';
import { deleteProcessor } from './delete-processor.ts';
import { findProcessor, listProcessorOptions, listProcessors } from './list-processors.ts';
import { createProcessor, updateProcessor } from './save-processor.ts';
import { AppError } from '../../http/app-error.ts';

const idBody = z.object({ id: z.uuid({ error: 'v.id' }) });

/** /api/operation/processors: the processor catalogue, for the provider's staff (DEV) only. */
export async function processorRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const dev = { onRequest: app.authenticate(['DEV']) };
  const tags = ['operation/processors'];

  r.post(
    '/list',
    {
      ...dev,
      schema: {
        tags,
        summary: 'Processors, filtered by type and state',
        body: processorQuerySchema,
        response: answers(pageSchema(processorSchema)),
      },
    },
    async (request) => ok(request, await listProcessors(contextOf(request), request.body)),
  );

  r.post(
    '/get',
    { ...dev, schema: { tags, summary: 'One processor', body: idBody, response: answers(processorSchema) } },
    async (request) => {
      const found = await findProcessor(contextOf(request).db, request.body.id);
      if (!found) throw AppError.notFound();
      return ok(request, found);
    },
  );

  r.post(
    '/options',
    {
      ...dev,
      schema: {
        tags,
        summary: 'Every processor, for the scenario editor',
        body: noBody,
        response: answers(z.array(processorOptionSchema)),
      },
    },
    async (request) => ok(request, await listProcessorOptions(contextOf(request))),
  );

  r.post(
    '/create',
    { ...dev, schema: { tags, summary: 'Add a processor', body: processorInputSchema, response: answers(processorSchema) } },
    async (request) => ok(request, await createProcessor(contextOf(request), request.body)),
  );

  r.post(
    '/update',
    {
      ...dev,
      schema: {
        tags,
        summary: 'Edit a processor (its type is fixed while scenarios use it)',
        body: processorUpdateSchema,
        response: answers(processorSchema),
      },
    },
    async (request) => ok(request, await updateProcessor(contextOf(request), request.body)),
  );

  r.post(
    '/delete',
    { ...dev, schema: { tags, summary: 'Remove a processor no scenario version uses', body: idBody, response: answers(z.null()) } },
    async (request) => {
      await deleteProcessor(contextOf(request), request.body.id);
      return ok(request, null);
    },
  );
}
