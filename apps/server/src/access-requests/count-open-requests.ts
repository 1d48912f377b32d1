import { and, count, eq, max } from 'drizzle-orm';
import type { AccessRequestNotice } from '@dialwise/contracts';
import type { ActionContext } from '../auth/actor.ts';
import { accessRequests } from '../db/schema.ts';
import { visibleTo } from './visible-to.ts';

/** The navbar's notice: open requests the caller may act on and the newest one's time (the console polls it). */
export async function countOpenRequests(ctx: ActionContext): Promise<AccessRequestNotice> {
  const [row] = await ctx.db
    .select({ open: count(), latest: max(accessRequests.createdAt) })
    .from(accessRequests)
    .where(and(visibleTo(ctx), eq(accessRequests.status, 'open')));
  return { open: row?.open ?? 0, latest: row?.latest ? new Date(row.latest).toISOString() : null };
}
