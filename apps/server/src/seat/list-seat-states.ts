import { sql } from 'drizzle-orm';
import { SEAT_STATES, type MonitorSeat, type SeatState } from '@dialwise/contracts';
import type { Db } from '../db/client.ts';

/**
 * Every agent of the company (active OPR accounts) and their seat's state now, for the monitor: busiest
 * first (in a call, waiting, signed in, signed out, not connected), then by name. A seat counts as
 * connected only while the process holding its WebSocket beats (`heartbeat_at` within `staleMs`, on the
 * database's clock, which wrote it): a crashed process's seats show "not connected", like the boards'.
 * `since` is when the state last changed; null for an agent who never opened the seat.
 */
export async function listSeatStates(db: Db, companyId: string, staleMs: number): Promise<MonitorSeat[]> {
  const result = await db.execute<{ id: string; name: string; state: SeatState; since: Date | string | null }>(sql`
    select u.id, coalesce(nullif(u.alias, ''), u.username) as name,
      case when s.node is not null and s.heartbeat_at > now() - make_interval(secs => ${staleMs / 1000})
        then s.state else 'not-connected' end as state,
      case when s.node is null or s.heartbeat_at > now() - make_interval(secs => ${staleMs / 1000})
        then s.updated_at else s.heartbeat_at end as since
    from users u
    left join seats s on s.operator_id = u.id
    where u.company_id = ${companyId} and u.auth_level = 'OPR' and u.status = 'active'`);
  const busiest = (state: SeatState) => -SEAT_STATES.indexOf(state);
  return result.rows
    .map((row) => ({
      id: row.id,
      name: row.name,
      state: row.state,
      since: row.since === null ? null : new Date(row.since).toISOString(),
    }))
    .sort((a, b) => busiest(a.state) - busiest(b.state) || a.name.localeCompare(b.name));
}
