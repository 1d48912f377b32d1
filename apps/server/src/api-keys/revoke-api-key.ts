import { and, eq } from 'drizzle-orm';
import { ErrorCode, type ApiKey } from '@dialwise/contracts';
import type { ActionContext } from '../auth/actor.ts';
import { auditWho, recordAudit } from '../db/record-audit.ts';
import { apiKeys, users } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { toApiKey } from './api-key-row.ts';

/**
 * Revokes one of the caller company's keys (404 for another company's): its next request is refused, since
 * every request looks the key up. Revoking twice answers 409 and changes nothing.
 */
export async function revokeApiKey(ctx: ActionContext, id: string, now: Date): Promise<ApiKey> {
  return ctx.db.transaction(async (tx) => {
    const [found] = await tx
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.id, id), eq(apiKeys.companyId, ctx.actor.companyId)))
      .for('update');
    if (!found) throw AppError.notFound();
    if (found.revokedAt) throw new AppError(ErrorCode.CONFLICT, 'e.apiKey.alreadyRevoked');
    const [row] = await tx.update(apiKeys).set({ revokedAt: now, revokedBy: ctx.actor.userId }).where(eq(apiKeys.id, id)).returning();
    await recordAudit(tx, auditWho(ctx), {
      action: 'revoke',
      entity: 'api_key',
      entityId: id,
      changes: { name: found.name, prefix: found.prefix },
    });
    const [creator] = await tx.select({ username: users.username }).from(users).where(eq(users.id, found.createdBy));
    return toApiKey(row!, creator?.username ?? null, now);
  });
}
