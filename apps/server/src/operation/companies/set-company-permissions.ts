import { eq } from 'drizzle-orm';
import type { CompanyPermissions, SetCompanyPermissionsInput } from '@dialwise/contracts';
import type { ActionContext } from '../../auth/actor.ts';
import { auditWho, diffChanges, recordAudit } from '../../db/record-audit.ts';
import { companies } from '../../db/schema.ts';
import { nextEditVersion } from '../../db/edit-version.ts';
import { lockCompany } from './company-item.ts';
import { normalizePermissions } from '../../entitlements/get-company-permissions.ts';

/** Replaces a company's permissions (all three at once, as the form shows them); audited as a diff; a stale form is refused. */
export async function setCompanyPermissions(ctx: ActionContext, input: SetCompanyPermissionsInput): Promise<CompanyPermissions> {
  const { companyId, version: sent, ...wanted } = input;
  return ctx.db.transaction(async (tx) => {
    const company = await lockCompany(tx, companyId);
    const version = nextEditVersion(company, sent);
    const before = normalizePermissions(company.permissions);
    const next = normalizePermissions(wanted);
    const changes = diffChanges(before, next);
    if (Object.keys(changes).length > 0) {
      await tx
        .update(companies)
        .set({ permissions: next, version, updatedBy: ctx.actor.userId, updatedAt: new Date() })
        .where(eq(companies.id, companyId));
      await recordAudit(tx, auditWho(ctx, companyId), { action: 'company.permissions', entity: 'company', entityId: companyId, changes });
    }
    return next;
  });
}
