import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { companyRefSchema, speechCredentialRefSchema, speechCredentialSaveSchema, speechCredentialSchema } from '@dialwise/contracts';
import { contextOf } from '../../auth/authenticate.ts';
import { answers, ok } from '../../http/envelope.ts';
import { guardOperationArea } from '../provider-staff.ts';
import { deleteSpeechCredential } from './delete-speech-credential.ts';
import { listSpeechCredentials } from './list-speech-credentials.ts';
import { saveSpeechCredential } from './save-speech-credential.ts';

const tags = ['operation/speech-credentials'];

/** /api/operation/speech-credentials: a company's speech provider keys, for the provider's DEV staff only. */
export async function speechCredentialRoutes(app: FastifyInstance) {
  guardOperationArea(app);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/list',
    {
      schema: {
        tags,
        summary: "Every speech provider with the company's settings and which secrets are set (never their values)",
        body: companyRefSchema,
        response: answers(z.array(speechCredentialSchema)),
      },
    },
    async (request) => ok(request, await listSpeechCredentials(contextOf(request), app.secrets, request.body.companyId)),
  );

  r.post(
    '/save',
    {
      schema: {
        tags,
        summary: "Create or replace one provider's credentials; secrets are sealed, a blank secret keeps the stored one",
        body: speechCredentialSaveSchema,
        response: answers(speechCredentialSchema),
      },
    },
    async (request) => ok(request, await saveSpeechCredential(contextOf(request), app.secrets, request.body)),
  );

  r.post(
    '/delete',
    {
      schema: {
        tags,
        summary: "Remove one provider's credentials of a company",
        body: speechCredentialRefSchema,
        response: answers(z.null()),
      },
    },
    async (request) => {
      await deleteSpeechCredential(contextOf(request), request.body.companyId, request.body.provider);
      return ok(request, null);
    },
  );
}
