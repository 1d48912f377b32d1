import { and, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { MessageKind, MessageType, Role } from '@dialwise/contracts';
import type { DbOrTx } from '../db/client.ts';
import { messages, users } from '../db/schema.ts';

export interface MessageDraft {
  companyId: string;
  kind: MessageKind;
  type: MessageType;
  /** Message keys (contracts MESSAGES), rendered in each reader's language when read. */
  titleKey: string;
  contentKey: string;
  /** Values of the texts' {placeholders}; a value that is itself a message key is translated too. */
  params?: Record<string, string | number>;
  link?: string | null;
  /** Who receives it: the company's active users of these roles, plus these users (of the same company or not). */
  to: { roles?: readonly Role[]; userIds?: readonly (string | null | undefined)[] };
}

/**
 * Puts a message in the box of every user it concerns: one row each, so each reads it on their own.
 * Runs in the caller's transaction when given one (a task's completion and its message commit together).
 * Answers how many users got it.
 */
export async function postMessage(db: DbOrTx, draft: MessageDraft): Promise<number> {
  const who: SQL[] = [];
  if (draft.to.roles?.length) who.push(and(eq(users.companyId, draft.companyId), inArray(users.authLevel, [...draft.to.roles]))!);
  const ids = (draft.to.userIds ?? []).filter((id): id is string => typeof id === 'string');
  if (ids.length) who.push(inArray(users.id, ids));
  if (who.length === 0) return 0;
  const recipients = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.status, 'active'), or(...who)));
  if (recipients.length === 0) return 0;
  await db.insert(messages).values(
    recipients.map((user) => ({
      companyId: draft.companyId,
      userId: user.id,
      type: draft.type,
      kind: draft.kind,
      titleKey: draft.titleKey,
      contentKey: draft.contentKey,
      params: draft.params ?? {},
      link: draft.link ?? null,
    })),
  );
  return recipients.length;
}
