import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/**
 * Which of these sessions no longer let their holder in: revoked, past their lifetime, or of an account that
 * is no longer active (disabled, removed) or of a company no longer normal — what `resolveSession` refuses.
 * One statement for any number of sessions: the seat hub asks it for all the sockets it holds at once.
 */
export async function findEndedSessions(db: Db, sessionIds: readonly string[], now: Date): Promise<Set<string>> {
  if (sessionIds.length === 0) return new Set();
  const live = await db.execute<{ id: string }>(sql`
    select s.id
      from sessions s
      join users u on u.id = s.user_id and u.status = 'active'
      join companies c on c.id = u.company_id and c.state = 'normal'
     where s.id = any(${`{${sessionIds.join(',')}}`}::uuid[])
       and s.revoked_at is null
       and s.expires_at > ${now.toISOString()}::timestamptz`);
  const alive = new Set(live.rows.map((row) => row.id));
  return new Set(sessionIds.filter((id) => !alive.has(id)));
}
