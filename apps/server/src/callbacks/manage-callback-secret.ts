import { eq } from 'drizzle-orm';
import type { CallbackSecretStatus, RotatedCallbackSecret } from '@dialwise/contracts';
import type { ActionContext } from '../auth/actor.ts';
import { auditWho, recordAudit } from '../db/record-audit.ts';
import { companies } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import type { SecretBox } from '../secrets/secret-box.ts';
import { rotateCallbackSecret } from './callback-secret.ts';

/** Whether a company's callback secret is set and since when — never the secret. */
export async function getCallbackSecretStatus(ctx: ActionContext, companyId: string): Promise<CallbackSecretStatus> {
  const [row] = await ctx.db
    .select({ sealed: companies.callbackSecretSealed, rotatedAt: companies.callbackSecretRotatedAt })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!row) throw AppError.notFound();
  return { set: row.sealed !== null, rotatedAt: row.rotatedAt?.toISOString() ?? null };
}

/** A new secret for the company's callbacks, answered this once; audited (without the secret). */
export async function rotateCompanyCallbackSecret(
  ctx: ActionContext,
  secrets: SecretBox,
  companyId: string,
): Promise<RotatedCallbackSecret> {
  await getCallbackSecretStatus(ctx, companyId);
  const now = new Date();
  const secret = await rotateCallbackSecret(ctx.db, secrets, companyId, now);
  await recordAudit(ctx.db, auditWho(ctx, companyId), { action: 'company.callbackSecret.rotate', entity: 'company', entityId: companyId });
  return { secret, rotatedAt: now.toISOString() };
}
