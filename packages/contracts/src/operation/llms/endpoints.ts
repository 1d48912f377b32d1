import { z } from 'zod';
import { idBodySchema } from '../../common/fields.ts';
import { defineEndpoints, noBody } from '../../common/endpoint.ts';
import { pageSchema } from '../../common/envelope.ts';
import {
  llmInputSchema,
  llmOptionSchema,
  llmQuerySchema,
  llmSchema,
  llmTestInputSchema,
  llmTestResultSchema,
  llmUpdateSchema,
} from './schemas.ts';

/** /api/operation/llms: the LLM catalogue, for the provider's staff (DEV) only. */
export const llmEndpoints = defineEndpoints(
  { tag: 'operation/llms', roles: ['DEV'] },
  {
    list: {
      path: '/api/operation/llms/list',
      summary: 'Models of the catalogue (keys never answered)',
      body: llmQuerySchema,
      response: pageSchema(llmSchema),
    },
    get: {
      path: '/api/operation/llms/get',
      summary: 'One model (an edit form reloads it after a conflict; never the key)',
      body: idBodySchema,
      response: llmSchema,
    },
    options: {
      path: '/api/operation/llms/options',
      summary: 'Every model, for choosing one (vendor → model)',
      body: noBody,
      response: z.array(llmOptionSchema),
    },
    vendors: { path: '/api/operation/llms/vendors', summary: 'The vendors in the catalogue', body: noBody, response: z.array(z.string()) },
    create: {
      path: '/api/operation/llms/create',
      summary: 'Add a model; the key is sealed at rest',
      body: llmInputSchema,
      response: llmSchema,
    },
    update: {
      path: '/api/operation/llms/update',
      summary: 'Edit a model; a blank key keeps the stored one',
      body: llmUpdateSchema,
      response: llmSchema,
    },
    delete: { path: '/api/operation/llms/delete', summary: 'Remove a model no processor uses', body: idBodySchema, response: z.null() },
    test: {
      path: '/api/operation/llms/test',
      summary: 'Send a short prompt to the model (OpenAI-compatible chat completions) and answer its reply or why it failed',
      body: llmTestInputSchema,
      response: llmTestResultSchema,
    },
  },
);
