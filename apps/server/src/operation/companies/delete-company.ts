import { eq, inArray } from 'drizzle-orm';
import { ErrorCode, type CompanyListItem } from '@dialwise/contracts';
import type { ActionContext } from '../../auth/actor.ts';
import { auditWho, recordAudit } from '../../db/record-audit.ts';
import { endSessions } from '../../auth/end-sessions.ts';
import { companies, sessions, users } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { getCompanyItem, lockCompany } from './company-item.ts';

/**
 * Soft delete: the company's state becomes "deleted" and nothing is removed. Its users can no longer
 * sign in (sign-in answers 4011 for a company that is not normal) and their live sessions are revoked
 * as ended by an administrator (next call 50012) — revoked, not just refused, so a later restore does
 * not bring old sessions back. The dialer stops the company's tasks when `isCompanyActive` says false.
 */
export async function deleteCompany(ctx: ActionContext, id: string): Promise<CompanyListItem> {
  return ctx.db.transaction(async (tx) => {
    const company = await lockCompany(tx, id);
    if (company.isProvider) throw new AppError(ErrorCode.CONFLICT, 'e.company.provider');
    if (company.state === 'deleted') throw new AppError(ErrorCode.CONFLICT, 'e.company.alreadyDeleted');
    const now = new Date();
    await tx.update(companies).set({ state: 'deleted', updatedBy: ctx.actor.userId, updatedAt: now }).where(eq(companies.id, id));
    const revoked = await endSessions(
      tx,
      inArray(sessions.userId, tx.select({ id: users.id }).from(users).where(eq(users.companyId, id))),
      'admin',
      now,
    );
    await recordAudit(tx, auditWho(ctx, id), {
      action: 'company.delete',
      entity: 'company',
      entityId: id,
      changes: { state: { from: 'normal', to: 'deleted' }, revokedSessions: revoked.length },
    });
    return getCompanyItem(tx, id);
  });
}
