import { and, eq } from 'drizzle-orm';
import type { SipLine, SipLineUpdate } from '@dialwise/contracts';
import type { ActionContext } from '../auth/actor.ts';
import { companyScope } from '../auth/company-scope.ts';
import { auditWho, diffChanges, recordAudit } from '../db/record-audit.ts';
import { sipLines } from '../db/schema.ts';
import { nextEditVersion } from '../db/edit-version.ts';
import { AppError } from '../http/app-error.ts';
import type { SecretBox } from '../secrets/secret-box.ts';
import { findSipLine } from './get-sip-line.ts';
import { sipLineConflict } from './sip-line-conflict.ts';
import { auditedFields } from './to-sip-line.ts';

/** Edits a line; a blank or absent password keeps the sealed one. */
export async function updateSipLine(ctx: ActionContext, secrets: SecretBox, input: SipLineUpdate, now: Date): Promise<SipLine> {
  const scope = await companyScope(ctx, input.companyId);
  const { id, companyId: _requested, password, version: sent, ...fields } = input;
  try {
    return await ctx.db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(sipLines)
        .where(and(eq(sipLines.id, id), eq(sipLines.companyId, scope.companyId)))
        .for('update');
      if (!before) throw AppError.notFound();
      const version = nextEditVersion(before, sent);
      const changes = { ...diffChanges(auditedFields(before), fields), ...(password ? { password: 'changed' } : {}) };
      if (Object.keys(changes).length === 0) return findSipLine(tx, scope.companyId, id);
      await tx
        .update(sipLines)
        .set({ ...fields, ...(password ? { passwordSealed: secrets.seal(password) } : {}), version, updatedAt: now })
        .where(eq(sipLines.id, id));
      await recordAudit(tx, auditWho(ctx, scope.companyId), { action: 'update', entity: 'sip_line', entityId: id, changes });
      return findSipLine(tx, scope.companyId, id);
    });
  } catch (error) {
    throw sipLineConflict(error, input.alias);
  }
}
