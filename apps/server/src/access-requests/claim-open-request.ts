import { and, eq } from 'drizzle-orm';
import { ErrorCode, type AccessRequestKind } from '@dialwise/contracts';
import type { ActionContext } from '../auth/actor.ts';
import type { Tx } from '../db/client.ts';
import { accessRequests } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { visibleTo } from './visible-to.ts';

type RequestRow = typeof accessRequests.$inferSelect;

/**
 * Locks an open request the caller may act on, inside the acting transaction: one that is not theirs to see
 * answers 404 (like another company's ids), one of another kind than the action needs or already closed 409 —
 * so two administrators acting at once close it once.
 */
export async function claimOpenRequest(tx: Tx, ctx: ActionContext, id: string, kind?: AccessRequestKind): Promise<RequestRow> {
  const [row] = await tx
    .select()
    .from(accessRequests)
    .where(and(eq(accessRequests.id, id), visibleTo(ctx)))
    .for('update');
  if (!row) throw AppError.notFound();
  if (row.status !== 'open') throw new AppError(ErrorCode.CONFLICT, 'e.accessRequest.closed');
  if (kind && row.kind !== kind) throw new AppError(ErrorCode.CONFLICT, 'e.accessRequest.kind');
  return row;
}
