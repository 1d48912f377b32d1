import { eq } from 'drizzle-orm';
import { ErrorCode, type CompanyListItem } from '@dialwise/contracts';
import type { ActionContext } from '../../auth/actor.ts';
import { auditWho, recordAudit } from '../../db/record-audit.ts';
import { companies } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { getCompanyItem, lockCompany } from './company-item.ts';

/** Brings a deleted company back to normal: its users can sign in again (with new sessions). */
export async function restoreCompany(ctx: ActionContext, id: string): Promise<CompanyListItem> {
  return ctx.db.transaction(async (tx) => {
    const company = await lockCompany(tx, id);
    if (company.state !== 'deleted') throw new AppError(ErrorCode.CONFLICT, 'e.company.notDeleted');
    await tx.update(companies).set({ state: 'normal', updatedBy: ctx.actor.userId, updatedAt: new Date() }).where(eq(companies.id, id));
    await recordAudit(tx, auditWho(ctx, id), {
      action: 'company.restore',
      entity: 'company',
      entityId: id,
      changes: { state: { from: 'deleted', to: 'normal' } },
    });
    return getCompanyItem(tx, id);
  });
}
