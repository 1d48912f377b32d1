import type { FastifyInstance } from 'fastify';
import { voiceEndpoints } from '@dialwise/contracts';
import { contextOf } from '../../auth/authenticate.ts';
import { ok } from '../../http/envelope.ts';
import { route } from '../../http/route.ts';
import { guardOperationArea } from '../../auth/provider-staff.ts';
import { createVoice } from './create-voice.ts';
import { deleteVoice } from './delete-voice.ts';
import { listVoices } from './list-voices.ts';
import { getVoice } from './voice-item.ts';
import { updateVoice } from './update-voice.ts';

/** /api/operation/voices — the TTS voice catalogue; the provider's DEV staff only. */
export async function voiceRoutes(app: FastifyInstance) {
  guardOperationArea(app);

  route(app, voiceEndpoints.list, async (request) => ok(request, await listVoices(contextOf(request), request.body)));

  route(app, voiceEndpoints.get, async (request) => ok(request, await getVoice(contextOf(request).db, request.body.id)));

  route(app, voiceEndpoints.create, async (request) => ok(request, await createVoice(contextOf(request), request.body)));

  route(app, voiceEndpoints.update, async (request) => ok(request, await updateVoice(contextOf(request), request.body)));

  route(app, voiceEndpoints.delete, async (request) => {
    await deleteVoice(contextOf(request), request.body.id);
    return ok(request, null);
  });
}
