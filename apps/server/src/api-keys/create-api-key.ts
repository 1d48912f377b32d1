import { randomBytes } from 'node:crypto';
import { and, count, eq, gt, isNull, or, sql } from 'drizzle-orm';
import {
  API_KEY_LIMITS,
  API_KEY_PREFIX,
  API_KEY_SHOWN_CHARS,
  ErrorCode,
  type ApiKeyCreated,
  type apiKeyCreateSchema,
} from '@dialwise/contracts';
import type { z } from 'zod';
import type { ActionContext } from '../auth/actor.ts';
import { hashSessionToken } from '../auth/session-tokens.ts';
import { auditWho, recordAudit } from '../db/record-audit.ts';
import { apiKeys, companies } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { toApiKey } from './api-key-row.ts';

/**
 * A new key for the caller's company: 256 random bits after the `dwk_` prefix. Only its SHA-256 and its first
 * characters are stored; the answer is the one time the key itself leaves the server. The key acts with the
 * creator's role (ADMIN, or DEV for the provider's company). At most API_KEY_LIMITS.maxLiveKeys live keys per
 * company, counted under the company's row lock so two creations at once cannot pass it together.
 */
export async function createApiKey(ctx: ActionContext, input: z.output<typeof apiKeyCreateSchema>, now: Date): Promise<ApiKeyCreated> {
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return ctx.db.transaction(async (tx) => {
    const live = or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, now));
    await tx.execute(sql`select id from ${companies} where id = ${ctx.actor.companyId} for update`);
    const [counted] = await tx
      .select({ n: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.companyId, ctx.actor.companyId), isNull(apiKeys.revokedAt), live));
    if (Number(counted?.n ?? 0) >= API_KEY_LIMITS.maxLiveKeys) {
      throw new AppError(ErrorCode.CONFLICT, 'e.apiKey.tooMany', { max: API_KEY_LIMITS.maxLiveKeys });
    }
    const [row] = await tx
      .insert(apiKeys)
      .values({
        companyId: ctx.actor.companyId,
        name: input.name,
        prefix: key.slice(0, API_KEY_SHOWN_CHARS),
        keyHash: hashSessionToken(key),
        scope: input.scope,
        role: ctx.actor.role,
        createdBy: ctx.actor.userId,
        expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
      })
      .returning();
    await recordAudit(tx, auditWho(ctx), {
      action: 'create',
      entity: 'api_key',
      entityId: row!.id,
      changes: { name: input.name, scope: input.scope, prefix: row!.prefix, expiresAt: input.expiresAt },
    });
    return { apiKey: toApiKey(row!, ctx.actor.username, now), key };
  });
}
