import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  llmInputSchema,
  llmOptionSchema,
  llmQuerySchema,
  llmSchema,
  llmTestInputSchema,
  llmTestResultSchema,
  llmUpdateSchema,
  pageSchema,
} from '@dialwise/contracts';
import { contextOf } from '../../auth/authenticate.ts';
import { answers, noBody, ok } from '../../http/envelope.ts';
import { AppError } from '../../http/app-error.ts';
import { requestLocale } from '../../http/locale.ts';
import { deleteLlm } from './delete-llm.ts';
import { findLlm, listLlmOptions, listLlms, listLlmVendors } from './list-llms.ts';
import { createLlm, updateLlm } from './save-llm.ts';
import { testLlm } from './test-llm.ts';

const idBody = z.object({ id: z.uuid({ error: 'v.id' }) });

/** /api/operation/llms: the LLM catalogue, for the provider's staff (DEV) only. */
export async function llmRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const dev = { onRequest: app.authenticate(['DEV']) };
  const tags = ['operation/llms'];

  r.post(
    '/list',
    {
      ...dev,
      schema: {
        tags,
        summary: 'Models of the catalogue (keys never answered)',
        body: llmQuerySchema,
        response: answers(pageSchema(llmSchema)),
      },
    },
    async (request) => ok(request, await listLlms(contextOf(request), request.body)),
  );

  r.post(
    '/get',
    {
      ...dev,
      schema: {
        tags,
        summary: 'One model (an edit form reloads it after a conflict; never the key)',
        body: idBody,
        response: answers(llmSchema),
      },
    },
    async (request) => {
      const llm = await findLlm(contextOf(request).db, request.body.id);
      if (!llm) throw AppError.notFound();
      return ok(request, llm);
    },
  );

  r.post(
    '/options',
    {
      ...dev,
      schema: {
        tags,
        summary: 'Every model, for choosing one (vendor → model)',
        body: noBody,
        response: answers(z.array(llmOptionSchema)),
      },
    },
    async (request) => ok(request, await listLlmOptions(contextOf(request))),
  );

  r.post(
    '/vendors',
    { ...dev, schema: { tags, summary: 'The vendors in the catalogue', body: noBody, response: answers(z.array(z.string())) } },
    async (request) => ok(request, await listLlmVendors(contextOf(request))),
  );

  r.post(
    '/create',
    { ...dev, schema: { tags, summary: 'Add a model; the key is sealed at rest', body: llmInputSchema, response: answers(llmSchema) } },
    async (request) => ok(request, await createLlm(contextOf(request), app.secrets, request.body)),
  );

  r.post(
    '/update',
    {
      ...dev,
      schema: { tags, summary: 'Edit a model; a blank key keeps the stored one', body: llmUpdateSchema, response: answers(llmSchema) },
    },
    async (request) => ok(request, await updateLlm(contextOf(request), app.secrets, request.body)),
  );

  r.post(
    '/delete',
    { ...dev, schema: { tags, summary: 'Remove a model no processor uses', body: idBody, response: answers(z.null()) } },
    async (request) => {
      await deleteLlm(contextOf(request), request.body.id);
      return ok(request, null);
    },
  );

  r.post(
    '/test',
    {
      ...dev,
      schema: {
        tags,
        summary: 'Send a short prompt to the model (OpenAI-compatible chat completions) and answer its reply or why it failed',
        body: llmTestInputSchema,
        response: answers(llmTestResultSchema),
      },
    },
    async (request) => ok(request, await testLlm(contextOf(request), app.secrets, request.body, requestLocale(request))),
  );
}
