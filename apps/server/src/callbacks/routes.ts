import { createReadStream } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { callbackEndpoints } from '@dialwise/contracts';
import { contextOf } from '../auth/authenticate.ts';
import { calls, companies } from '../db/schema.ts';
import { ok } from '../http/envelope.ts';
import { fileInside } from '../http/file-inside.ts';
import { route } from '../http/route.ts';
import { guardOperationArea } from '../auth/provider-staff.ts';
import { recordingsDirOf } from '../telephony/index.ts';
import { eq } from 'drizzle-orm';
import { getCallbackSecretStatus, rotateCompanyCallbackSecret } from './manage-callback-secret.ts';
import { recordingLinkValid } from './recording-link.ts';

/** /api/operation/companies/callback-secret — a company's callback secret, managed by the provider's DEV staff. */
export async function callbackSecretRoutes(app: FastifyInstance) {
  guardOperationArea(app);
  route(app, callbackEndpoints.secret, async (request) =>
    ok(request, await getCallbackSecretStatus(contextOf(request), request.body.companyId)),
  );
  route(app, callbackEndpoints.rotateSecret, async (request) =>
    ok(request, await rotateCompanyCallbackSecret(contextOf(request), app.secrets, request.body.companyId)),
  );
}

/**
 * /api/callbacks/recording/:callId — the recording link a callback carries: no session, a signature and an
 * expiry instead (`recording-link.ts`). Anything wrong answers a bare 404, so the link says nothing about
 * which part failed.
 */
export async function callbackRecordingRoutes(app: FastifyInstance) {
  route(app, callbackEndpoints.recording, async (request, reply) => {
    const { callId } = request.params;
    const [row] = await app.db.db
      .select({ path: calls.recordingPath, endedAt: calls.endedAt, sealed: companies.callbackSecretSealed })
      .from(calls)
      .innerJoin(companies, eq(companies.id, calls.companyId))
      .where(eq(calls.id, callId));
    const valid =
      row?.sealed &&
      row.path &&
      row.endedAt &&
      recordingLinkValid(app.secrets.open(row.sealed), callId, request.query.expires, request.query.sig, app.clock.now());
    const file = valid && row.path ? await fileInside(row.path, recordingsDirOf(app.config.dataDir)) : null;
    if (!file) return reply.status(404).send();
    return reply
      .header('content-type', 'audio/wav')
      .header('content-length', file.size)
      .header('cache-control', 'private, no-store')
      .send(createReadStream(file.path));
  });
}
