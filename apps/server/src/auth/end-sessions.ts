import { and, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { REVOKE_REASONS, sessions } from '../db/schema.ts';

/** The channel on which every ended session is announced (its id), to every server process. */
export const SESSIONS_ENDED_CHANNEL = 'dialwise_sessions_ended';
/** Session ids per notification: 36 characters and a comma each, under PostgreSQL's 8000-byte payload limit. */
const IDS_PER_NOTIFICATION = 200;

/**
 * The one way a session ends — a sign-out, a forced sign-in elsewhere (or a new sign-in from the same browser),
 * an administrator disabling the account, changing its level or setting its password, a password reset, a
 * password change (the user's other sessions), the company deleted. The live sessions `which` selects are
 * revoked with `reason`, and their ids are announced on SESSIONS_ENDED_CHANNEL in the same statement batch: a
 * notification sent inside a transaction goes out when it commits, so what holds a session open (a seat's
 * WebSocket, a bench event stream), in whichever process, hears of its end exactly when the end is stored,
 * and never of an end that was rolled back. Answers the ids of the sessions ended.
 */
export async function endSessions(
  tx: DbOrTx,
  which: SQL | undefined,
  reason: (typeof REVOKE_REASONS)[number],
  now: Date,
): Promise<string[]> {
  const ended = await tx
    .update(sessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(isNull(sessions.revokedAt), which))
    .returning({ id: sessions.id });
  const ids = ended.map((row) => row.id);
  for (let start = 0; start < ids.length; start += IDS_PER_NOTIFICATION) {
    const payload = ids.slice(start, start + IDS_PER_NOTIFICATION).join(',');
    await tx.execute(sql`select pg_notify(${SESSIONS_ENDED_CHANNEL}, ${payload})`);
  }
  return ids;
}
