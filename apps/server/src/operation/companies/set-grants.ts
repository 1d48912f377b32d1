import { and, eq, inArray } from 'drizzle-orm';
import { ErrorCode, type SetGrantsInput, type SetGrantsResult } from '@dialwise/contracts';
import type { ActionContext } from '../../auth/actor.ts';
import { auditWho, recordAudit } from '../../db/record-audit.ts';
import { companies, companyGrants } from '../../db/schema.ts';
import { nextEditVersion } from '../../db/edit-version.ts';
import { AppError } from '../../http/app-error.ts';
import { lockCompany } from './company-item.ts';
import { grantCatalogue } from './grant-catalogue.ts';

/**
 * Makes the company's grants of one kind exactly `refIds`, in one transaction. Ids not in the catalogue
 * are refused (404 naming them) and so is newly granting an invalid processor (409); a processor that
 * became invalid after it was granted may stay granted, so the editor can still save other changes.
 */
export async function setGrants(ctx: ActionContext, input: SetGrantsInput): Promise<SetGrantsResult> {
  const wanted = [...new Set(input.refIds)];
  return ctx.db.transaction(async (tx) => {
    const company = await lockCompany(tx, input.companyId);
    // Grants are part of the company: the editor sends the company's version, and a change grows it.
    const version = nextEditVersion(company, input.version);
    const found = await grantCatalogue(tx, input.kind, wanted);
    const foundIds = new Set(found.map((item) => item.id));
    const unknown = wanted.filter((id) => !foundIds.has(id));
    if (unknown.length > 0) throw new AppError(ErrorCode.NOT_FOUND, 'e.grants.unknown', { ids: unknown.join(', ') }, { unknown });

    const ofKind = and(eq(companyGrants.companyId, input.companyId), eq(companyGrants.kind, input.kind));
    const current = new Set((await tx.select({ refId: companyGrants.refId }).from(companyGrants).where(ofKind)).map((g) => g.refId));
    const added = wanted.filter((id) => !current.has(id));
    const removed = [...current].filter((id) => !foundIds.has(id));

    const refused = found.filter((item) => !item.selectable && added.includes(item.id));
    if (refused.length > 0) {
      throw new AppError(ErrorCode.CONFLICT, 'e.grants.invalidProcessor', { names: refused.map((item) => item.label).join(', ') });
    }
    if (removed.length > 0) await tx.delete(companyGrants).where(and(ofKind, inArray(companyGrants.refId, removed)));
    if (added.length > 0) {
      await tx.insert(companyGrants).values(added.map((refId) => ({ companyId: input.companyId, kind: input.kind, refId })));
    }
    if (added.length > 0 || removed.length > 0) {
      await tx
        .update(companies)
        .set({ version, updatedBy: ctx.actor.userId, updatedAt: new Date() })
        .where(eq(companies.id, input.companyId));
      const labels = new Map([...found, ...(await grantCatalogue(tx, input.kind, removed))].map((item) => [item.id, item.label]));
      const named = (ids: string[]) => ids.map((id) => ({ id, label: labels.get(id) ?? id }));
      await recordAudit(tx, auditWho(ctx, input.companyId), {
        action: 'company.grants',
        entity: 'company',
        entityId: input.companyId,
        changes: { kind: input.kind, added: named(added), removed: named(removed), granted: wanted.length },
      });
    }
    return { granted: wanted.length, added, removed };
  });
}
