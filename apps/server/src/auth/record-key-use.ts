import type { FastifyRequest } from 'fastify';
import type { Actor } from './actor.ts';
import { recordAudit } from '../db/record-audit.ts';
import type { Db } from '../db/client.ts';

/**
 * One audit entry per request made with an API key: the key's name as the actor, the endpoint, and the refusal
 * when the key was not allowed. What the request then changes is audited by the action itself, under the
 * same name and trace id.
 */
export async function recordKeyUse(db: Db, request: FastifyRequest, actor: Actor, refused: string | null): Promise<void> {
  await recordAudit(
    db,
    { actorId: actor.userId, actorName: actor.username, companyId: actor.companyId, traceId: request.id },
    {
      action: 'use',
      entity: 'api_key',
      entityId: actor.apiKey?.id ?? null,
      changes: { method: request.method, path: request.routeOptions.url ?? request.url.split('?')[0], ...(refused ? { refused } : {}) },
    },
  );
}
