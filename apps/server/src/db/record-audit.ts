import { redactSecrets } from '@dialwise/contracts';
import type { DbOrTx } from './client.ts';
import { auditLog } from './schema.ts';

export interface AuditWho {
  actorId: string | null;
  actorName: string | null;
  companyId: string | null;
  traceId: string | null;
}

export interface AuditWhat {
  action: string;
  entity: string;
  entityId?: string | null;
  /** Field → new value, or the output of `diffChanges`; secrets are redacted here whatever the caller passes. */
  changes?: Record<string, unknown>;
}

/**
 * The one way a write is recorded. Call it with the transaction that performs the write, so the entry and
 * the change land together or not at all.
 */
export async function recordAudit(tx: DbOrTx, who: AuditWho, what: AuditWhat): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: who.actorId,
    actorName: who.actorName,
    companyId: who.companyId,
    traceId: who.traceId,
    action: what.action,
    entity: what.entity,
    entityId: what.entityId ?? null,
    changes: redactSecrets(what.changes ?? {}) as Record<string, unknown>,
  });
}

/** `{field: {from, to}}` for the fields whose value differs; secret fields show only that they changed. */
export function diffChanges(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Record<string, { from: unknown; to: unknown }> {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of Object.keys(after)) {
    if (after[key] === undefined) continue;
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) changes[key] = { from: before[key], to: after[key] };
  }
  return changes;
}

/** Who, from an action context; the entry belongs to `companyId` (the company acted on), by default the actor's own. */
export function auditWho(
  ctx: { actor: { userId: string; username: string; companyId: string }; traceId: string },
  companyId = ctx.actor.companyId,
): AuditWho {
  return { actorId: ctx.actor.userId, actorName: ctx.actor.username, companyId, traceId: ctx.traceId };
}
