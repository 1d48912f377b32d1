import { and, eq, inArray } from 'drizzle-orm';
import type { DncChange } from '@dialwise/contracts';
import type { ActionContext } from '../auth/actor.ts';
import { companyScope } from '../auth/company-scope.ts';
import { requireFeature } from '../entitlements/require-feature.ts';
import type { Tx } from '../db/client.ts';
import { dncNumbers } from '../db/schema.ts';
import { auditWho, recordAudit } from '../db/record-audit.ts';

/** Adds normalized numbers; one already listed is counted, not an error. One transaction, audited. */
export async function addDnc(
  ctx: ActionContext,
  input: { phones: string[]; note: string; companyId?: string | undefined },
  source = 'form',
): Promise<DncChange> {
  const scope = await companyScope(ctx, input.companyId);
  await requireFeature(ctx.db, scope.companyId, 'doNotCall');
  return ctx.db.transaction((tx) => insertDnc(tx, ctx, scope.companyId, [...new Set(input.phones)], input.note, source));
}

export async function insertDnc(
  tx: Tx,
  ctx: ActionContext,
  companyId: string,
  phones: string[],
  note: string,
  source: string,
): Promise<DncChange> {
  let added = 0;
  // Batches keep the statement's parameter count well under PostgreSQL's limit however long the file.
  for (let i = 0; i < phones.length; i += 1000) {
    const batch = phones.slice(i, i + 1000);
    const rows = await tx
      .insert(dncNumbers)
      .values(batch.map((phone) => ({ companyId, phone, note, createdBy: ctx.actor.userId })))
      .onConflictDoNothing()
      .returning({ phone: dncNumbers.phone });
    added += rows.length;
  }
  await recordAudit(tx, auditWho(ctx, companyId), {
    action: 'add',
    entity: 'dnc',
    changes: { added, source, sample: phones.slice(0, 20) },
  });
  return { added, alreadyListed: phones.length - added, removed: 0 };
}

/** Removes numbers (given as stored or as typed); unknown ones are ignored. */
export async function removeDnc(ctx: ActionContext, input: { phones: string[]; companyId?: string | undefined }): Promise<DncChange> {
  const scope = await companyScope(ctx, input.companyId);
  await requireFeature(ctx.db, scope.companyId, 'doNotCall');
  const phones = [...new Set(input.phones.map((phone) => phone.replace(/[\s()-]/g, '')))];
  return ctx.db.transaction(async (tx) => {
    const rows = await tx
      .delete(dncNumbers)
      .where(and(eq(dncNumbers.companyId, scope.companyId), inArray(dncNumbers.phone, phones)))
      .returning({ phone: dncNumbers.phone });
    if (rows.length > 0) {
      await recordAudit(tx, auditWho(ctx, scope.companyId), {
        action: 'remove',
        entity: 'dnc',
        changes: { removed: rows.map((r) => r.phone) },
      });
    }
    return { added: 0, alreadyListed: 0, removed: rows.length };
  });
}
