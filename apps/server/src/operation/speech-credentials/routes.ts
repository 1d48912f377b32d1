import type { FastifyInstance } from 'fastify';
import { speechCredentialEndpoints } from '@dialwise/contracts';
import { contextOf } from '../../auth/authenticate.ts';
import { ok } from '../../http/envelope.ts';
import { route } from '../../http/route.ts';
import { guardOperationArea } from '../../auth/provider-staff.ts';
import { deleteSpeechCredential } from './delete-speech-credential.ts';
import { listSpeechCredentials } from './list-speech-credentials.ts';
import { saveSpeechCredential } from './save-speech-credential.ts';

/** /api/operation/speech-credentials: a company's speech provider keys, for the provider's DEV staff only. */
export async function speechCredentialRoutes(app: FastifyInstance) {
  guardOperationArea(app);

  route(app, speechCredentialEndpoints.list, async (request) =>
    ok(request, await listSpeechCredentials(contextOf(request), app.secrets, request.body.companyId)),
  );

  route(app, speechCredentialEndpoints.save, async (request) =>
    ok(request, await saveSpeechCredential(contextOf(request), app.secrets, request.body)),
  );

  route(app, speechCredentialEndpoints.delete, async (request) => {
    await deleteSpeechCredential(contextOf(request), request.body.companyId, request.body.provider);
    return ok(request, null);
  });
}
