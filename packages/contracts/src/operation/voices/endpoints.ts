import { z } from 'zod';
import { defineEndpoints } from '../../common/endpoint.ts';
import { pageSchema } from '../../common/envelope.ts';
import { voiceIdSchema, voiceInputSchema, voiceQuerySchema, voiceSchema, voiceUpdateSchema } from './schemas.ts';

/** /api/operation/voices — the TTS voice catalogue; the provider's DEV staff only. */
export const voiceEndpoints = defineEndpoints(
  { tag: 'operation/voices', roles: ['DEV'] },
  {
    list: { path: '/api/operation/voices/list', summary: 'The voice catalogue', body: voiceQuerySchema, response: pageSchema(voiceSchema) },
    get: {
      path: '/api/operation/voices/get',
      summary: 'One voice (an edit form reloads it after a conflict)',
      body: voiceIdSchema,
      response: voiceSchema,
    },
    create: { path: '/api/operation/voices/create', summary: 'Add a voice', body: voiceInputSchema, response: voiceSchema },
    update: { path: '/api/operation/voices/update', summary: 'Edit a voice', body: voiceUpdateSchema, response: voiceSchema },
    delete: {
      path: '/api/operation/voices/delete',
      summary: 'Delete a voice (refused while a company holds a grant of it)',
      body: voiceIdSchema,
      response: z.null(),
    },
  },
);
