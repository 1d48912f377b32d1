import { and, eq } from 'drizzle-orm';
import type { SipLine, SipLineId } from '@dialwise/contracts';
import type { ActionContext } from '../auth/actor.ts';
import { companyScope } from '../auth/company-scope.ts';
import type { DbOrTx } from '../db/client.ts';
import { sipLines, users } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { toSipLine } from './to-sip-line.ts';

/** A line with its creator's user name, within one company; another company's id answers 404. */
export async function findSipLine(db: DbOrTx, companyId: string, id: string): Promise<SipLine> {
  const [row] = await db
    .select({ line: sipLines, createUser: users.username })
    .from(sipLines)
    .leftJoin(users, eq(users.id, sipLines.createdBy))
    .where(and(eq(sipLines.id, id), eq(sipLines.companyId, companyId)));
  if (!row) throw AppError.notFound();
  return toSipLine(row.line, row.createUser);
}

export async function getSipLine(ctx: ActionContext, input: SipLineId): Promise<SipLine> {
  const scope = await companyScope(ctx, input.companyId);
  return findSipLine(ctx.db, scope.companyId, input.id);
}
