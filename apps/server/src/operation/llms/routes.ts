import type { FastifyInstance } from 'fastify';
import { llmEndpoints } from '@dialwise/contracts';
import { contextOf } from '../../auth/authenticate.ts';
import { ok } from '../../http/envelope.ts';
import { route } from '../../http/route.ts';
import { AppError } from '../../http/app-error.ts';
import { requestLocale } from '../../http/locale.ts';
import { deleteLlm } from './delete-llm.ts';
import { findLlm, listLlmOptions, listLlms, listLlmVendors } from './list-llms.ts';
import { createLlm, updateLlm } from './save-llm.ts';
import { testLlm } from './test-llm.ts';

/** /api/operation/llms: the LLM catalogue, for the provider's staff (DEV) only. */
export async function llmRoutes(app: FastifyInstance) {
  route(app, llmEndpoints.list, async (request) => ok(request, await listLlms(contextOf(request), request.body)));

  route(app, llmEndpoints.options, async (request) => ok(request, await listLlmOptions(contextOf(request))));

  route(app, llmEndpoints.get, async (request) => {
    const llm = await findLlm(contextOf(request).db, request.body.id);
    if (!llm) throw AppError.notFound();
    return ok(request, llm);
  });

  route(app, llmEndpoints.vendors, async (request) => ok(request, await listLlmVendors(contextOf(request))));

  route(app, llmEndpoints.create, async (request) => ok(request, await createLlm(contextOf(request), app.secrets, request.body)));

  route(app, llmEndpoints.update, async (request) => ok(request, await updateLlm(contextOf(request), app.secrets, request.body)));

  route(app, llmEndpoints.delete, async (request) => {
    await deleteLlm(contextOf(request), request.body.id);
    return ok(request, null);
  });

  route(app, llmEndpoints.test, async (request) =>
    ok(request, await testLlm(contextOf(request), app.secrets, request.body, requestLocale(request))),
  );
}
