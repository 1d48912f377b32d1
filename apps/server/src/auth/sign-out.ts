import { and, eq, ne } from 'drizzle-orm';
import { sessions } from '../db/schema.ts';
import { recordAudit, auditWho } from '../db/record-audit.ts';
import type { ActionContext } from './actor.ts';
import { endSessions } from './end-sessions.ts';

export async function signOut(ctx: ActionContext, now: Date): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await endSessions(tx, eq(sessions.id, ctx.actor.sessionId), 'logout', now);
    await recordAudit(tx, auditWho(ctx), { action: 'logout', entity: 'session', entityId: ctx.actor.sessionId });
  });
}

/**
 * Ends every live session of a user (password reset, disabling): their next call answers 50012.
 * `keepSessionId` spares the session the change was made from (a user changing their own password stays
 * signed in there). Answers how many sessions were ended.
 */
export async function revokeUserSessions(tx: ActionContext['db'], userId: string, now: Date, keepSessionId?: string): Promise<number> {
  const ended = await endSessions(
    tx,
    and(eq(sessions.userId, userId), keepSessionId ? ne(sessions.id, keepSessionId) : undefined),
    'admin',
    now,
  );
  return ended.length;
}
