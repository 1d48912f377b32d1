import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageSchema, voiceIdSchema, voiceInputSchema, voiceQuerySchema, voiceSchema, voiceUpdateSchema } from '@dialwise/contracts';
import { contextOf } from '../../auth/authenticate.ts';
import { answers, ok } from '../../http/envelope.ts';
import { guardOperationArea } from '../provider-staff.ts';
import { createVoice } from './create-voice.ts';
import { deleteVoice } from './delete-voice.ts';
import { listVoices } from './list-voices.ts';
import { getVoice } from './voice-item.ts';
import { updateVoice } from './update-voice.ts';

const tags = ['operation/voices'];

/** /api/operation/voices — the TTS voice catalogue; the provider's DEV staff only. */
export async function voiceRoutes(app: FastifyInstance) {
  guardOperationArea(app);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/list',
    {
      schema: { tags, summary: 'The voice catalogue', body: voiceQuerySchema, response: answers(pageSchema(voiceSchema)) },
    },
    async (request) => ok(request, await listVoices(contextOf(request), request.body)),
  );

  r.post(
    '/get',
    {
      schema: {
        tags,
        summary: 'One voice (an edit form reloads it after a conflict)',
        body: voiceIdSchema,
        response: answers(voiceSchema),
      },
    },
    async (request) => ok(request, await getVoice(contextOf(request).db, request.body.id)),
  );

  r.post(
    '/create',
    {
      schema: { tags, summary: 'Add a voice', body: voiceInputSchema, response: answers(voiceSchema) },
    },
    async (request) => ok(request, await createVoice(contextOf(request), request.body)),
  );

  r.post(
    '/update',
    {
      schema: { tags, summary: 'Edit a voice', body: voiceUpdateSchema, response: answers(voiceSchema) },
    },
    async (request) => ok(request, await updateVoice(contextOf(request), request.body)),
  );

  r.post(
    '/delete',
    {
      schema: {
        tags,
        summary: 'Delete a voice (refused while a company holds a grant of it)',
        body: voiceIdSchema,
        response: answers(z.null()),
      },
    },
    async (request) => {
      await deleteVoice(contextOf(request), request.body.id);
      return ok(request, null);
    },
  );
}
