import type { SipLine, SipLineCreate } from '@dialwise/contracts';
import type { ActionContext } from '../auth/actor.ts';
import { companyScope } from '../auth/company-scope.ts';
import { auditWho, recordAudit } from '../db/record-audit.ts';
import { sipLines } from '../db/schema.ts';
import type { SecretBox } from '../secrets/secret-box.ts';
import { findSipLine } from './get-sip-line.ts';
import { sipLineConflict } from './sip-line-conflict.ts';
import { auditedFields } from './to-sip-line.ts';

/** Adds a line; the password is sealed before it reaches the database, and the creator is the caller. */
export async function createSipLine(ctx: ActionContext, secrets: SecretBox, input: SipLineCreate): Promise<SipLine> {
  const scope = await companyScope(ctx, input.companyId);
  const { password, companyId: _requested, ...fields } = input;
  try {
    return await ctx.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(sipLines)
        .values({
          ...fields,
          companyId: scope.companyId,
          passwordSealed: secrets.seal(password),
          createdBy: ctx.actor.userId,
        })
        .returning();
      await recordAudit(tx, auditWho(ctx, scope.companyId), {
        action: 'create',
        entity: 'sip_line',
        entityId: created!.id,
        changes: { ...auditedFields(created!), password: 'set' },
      });
      return findSipLine(tx, scope.companyId, created!.id);
    });
  } catch (error) {
    throw sipLineConflict(error, input.alias);
  }
}
