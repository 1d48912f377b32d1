import type { FastifyInstance } from 'fastify';
import { processorEndpoints } from '@dialwise/contracts';
import { contextOf } from '../../auth/authenticate.ts';
import { ok } from '../../http/envelope.ts';
import { route } from '../../http/route.ts';
import { deleteProcessor } from './delete-processor.ts';
import { findProcessor, listProcessorOptions, listProcessors } from './list-processors.ts';
import { createProcessor, updateProcessor } from './save-processor.ts';
import { AppError } from '../../http/app-error.ts';

/** /api/operation/processors: the processor catalogue, for the provider's staff (DEV) only. */
export async function processorRoutes(app: FastifyInstance) {
  route(app, processorEndpoints.list, async (request) => ok(request, await listProcessors(contextOf(request), request.body)));

  route(app, processorEndpoints.get, async (request) => {
    const found = await findProcessor(contextOf(request).db, request.body.id);
    if (!found) throw AppError.notFound();
    return ok(request, found);
  });

  route(app, processorEndpoints.options, async (request) => ok(request, await listProcessorOptions(contextOf(request))));

  route(app, processorEndpoints.create, async (request) => ok(request, await createProcessor(contextOf(request), request.body)));

  route(app, processorEndpoints.update, async (request) => ok(request, await updateProcessor(contextOf(request), request.body)));

  route(app, processorEndpoints.delete, async (request) => {
    await deleteProcessor(contextOf(request), request.body.id);
    return ok(request, null);
  });
}
