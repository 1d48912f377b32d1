import { and, count, desc, eq } from 'drizzle-orm';
import { isMessageKey, translate, type Locale, type Message, type MessageListQuery, type MessageUnread } from '@dialwise/contracts';
import type { ActionContext } from '../auth/actor.ts';
import { messages } from '../db/schema.ts';

const SUBTITLE: Record<Message['messageType'], string> = {
  taskCompleted: 'msg.sub.task',
  taskPaused: 'msg.sub.task',
  uploadFinished: 'msg.sub.upload',
  uploadFailed: 'msg.sub.upload',
  seatDisconnected: 'msg.sub.seat',
  approvalRequested: 'msg.sub.announcement',
  announcement: 'msg.sub.announcement',
};

function render(row: typeof messages.$inferSelect, locale: Locale): Message {
  const params = Object.fromEntries(
    Object.entries(row.params).map(([name, value]) => [
      name,
      typeof value === 'string' && isMessageKey(value) ? translate(value, locale) : value,
    ]),
  );
  return {
    id: row.id,
    type: row.type,
    title: translate(row.titleKey, locale, params),
    subTitle: translate(SUBTITLE[row.kind], locale),
    avatar: '',
    content: translate(row.contentKey, locale, params),
    time: row.createdAt.toISOString(),
    status: row.status === 1 ? 1 : 0,
    messageType: row.kind,
    link: row.link,
  };
}

/** The caller's own messages, newest first, in the caller's language. */
export async function listMessages(ctx: ActionContext, query: MessageListQuery, locale: Locale): Promise<Message[]> {
  const rows = await ctx.db
    .select()
    .from(messages)
    .where(and(eq(messages.userId, ctx.actor.userId), query.type ? eq(messages.type, query.type) : undefined))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(query.limit);
  return rows.map((row) => render(row, locale));
}

/** The caller's unread count per tab. */
export async function countUnread(ctx: ActionContext): Promise<MessageUnread> {
  const rows = await ctx.db
    .select({ type: messages.type, n: count() })
    .from(messages)
    .where(and(eq(messages.userId, ctx.actor.userId), eq(messages.status, 0)))
    .groupBy(messages.type);
  const unread: MessageUnread = { message: 0, notice: 0, todo: 0 };
  for (const row of rows) unread[row.type] = row.n;
  return unread;
}
