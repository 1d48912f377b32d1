import { sql } from 'drizzle-orm';
import { SEAT_HEARTBEAT, type MonitorSeat } from '@dialwise/contracts';
import type { ActionContext } from '../auth/actor.ts';

const STATE_OF: Record<string, MonitorSeat['state']> = {
  'signed-out': 'signedOut',
  'signed-in': 'signedIn',
  waiting: 'waiting',
  'in-call': 'inCall',
};

/**
 * The monitor's seats: every active operator (OPR) of the company with its seat's state as the seat area
 * keeps it (`seats`), and since when. A seat whose process stopped beating — or an operator who never
 * opened the seat page — is not connected, by the rule the boards' operator count uses.
 */
export async function listSeatStates(ctx: ActionContext, now: Date): Promise<MonitorSeat[]> {
  const fresh = new Date(now.getTime() - 3 * SEAT_HEARTBEAT.intervalMs).toISOString();
  const result = await ctx.db.execute(sql`
    select u.id, coalesce(nullif(u.alias, ''), u.username) as name,
      case when s.node is not null and s.heartbeat_at > ${fresh}::timestamptz then s.state else null end as state,
      coalesce(s.updated_at, u.created_at) as since
    from users u left join seats s on s.operator_id = u.id
    where u.company_id = ${ctx.actor.companyId} and u.auth_level = 'OPR' and u.status = 'active'
    order by name`);
  const rows = (result as unknown as { rows: { id: string; name: string; state: string | null; since: Date | string }[] }).rows;
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    state: (row.state && STATE_OF[row.state]) || 'notConnected',
    since: new Date(row.since).toISOString(),
  }));
}
