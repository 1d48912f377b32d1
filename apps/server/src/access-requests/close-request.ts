import { eq } from 'drizzle-orm';
import type { AccessRequestOutcome } from '@dialwise/contracts';
import type { ActionContext } from '../auth/actor.ts';
import { auditWho, recordAudit } from '../db/record-audit.ts';
import type { Tx } from '../db/client.ts';
import { accessRequests } from '../db/schema.ts';

/**
 * Closes a claimed request with its outcome, in the acting transaction, and audits who closed it how — so the
 * request, what was done about it and the log entry exist together or not at all.
 */
export async function closeRequest(
  tx: Tx,
  ctx: ActionContext,
  request: { id: string; companyId: string | null; kind: string },
  outcome: AccessRequestOutcome,
  resolution: Record<string, string>,
  now: Date,
): Promise<void> {
  await tx
    .update(accessRequests)
    .set({ status: 'done', outcome, resolution, resolvedAt: now, resolvedBy: ctx.actor.userId, resolvedByName: ctx.actor.username })
    .where(eq(accessRequests.id, request.id));
  await recordAudit(tx, auditWho(ctx, request.companyId ?? ctx.actor.companyId), {
    action: 'update',
    entity: 'access_request',
    entityId: request.id,
    changes: { kind: request.kind, status: { from: 'open', to: 'done' }, outcome, ...resolution },
  });
}
