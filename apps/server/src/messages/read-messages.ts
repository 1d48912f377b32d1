import { and, eq, inArray } from 'drizzle-orm';
import type { MessageRead, MessageReadAll } from '@dialwise/contracts';
import type { ActionContext } from '../auth/actor.ts';
import { affectedRows } from '../db/affected-rows.ts';
import { messages } from '../db/schema.ts';

/**
 * Marks the caller's messages read (status 0 → 1, never back). Ids of other users' messages, or unknown
 * ones, are ignored rather than refused: the answer is `true` either way, as the spec's call answers.
 */
export async function readMessages(ctx: ActionContext, input: MessageRead): Promise<true> {
  await ctx.db
    .update(messages)
    .set({ status: 1 })
    .where(and(eq(messages.userId, ctx.actor.userId), inArray(messages.id, input.ids), eq(messages.status, 0)));
  return true;
}

/** Marks every unread message of the caller (of one tab, when named) read; answers how many. */
export async function readAllMessages(ctx: ActionContext, input: MessageReadAll): Promise<number> {
  const result = await ctx.db
    .update(messages)
    .set({ status: 1 })
    .where(and(eq(messages.userId, ctx.actor.userId), eq(messages.status, 0), input.type ? eq(messages.type, input.type) : undefined));
  return affectedRows(result);
}
