import { sql } from 'drizzle-orm';
import { SEAT_HEARTBEAT, type OperatorStatus } from '@dialwise/contracts';
import type { ActionContext } from '../auth/actor.ts';

/**
 * The company's operators (active OPR accounts) by their seats' real states (the `seats` rows the seat
 * area keeps): signed in = a seat connected and signed in (paused, waiting or in a call); waiting = in
 * standby for calls; in call = taking a transferred call; signed out = every other account. A seat
 * counts only while its server process beats (`heartbeat_at` fresh): a crashed process's seats drop out.
 */
export async function getOperatorStatus(ctx: ActionContext, now: Date): Promise<OperatorStatus> {
  const fresh = new Date(now.getTime() - 3 * SEAT_HEARTBEAT.intervalMs).toISOString();
  const result = await ctx.db.execute<{ total: number; signed_in: number; waiting: number; in_call: number }>(sql`
    select count(*)::int as total,
      count(s.operator_id)::int as signed_in,
      count(*) filter (where s.state = 'waiting')::int as waiting,
      count(*) filter (where s.state = 'in-call')::int as in_call
    from users u
    left join seats s on s.operator_id = u.id
      and s.state in ('signed-in', 'waiting', 'in-call')
      and s.node is not null
      and s.heartbeat_at > ${fresh}::timestamptz
    where u.company_id = ${ctx.actor.companyId} and u.auth_level = 'OPR' and u.status = 'active'`);
  const row = result.rows[0]!;
  const total = Number(row.total);
  const signedIn = Number(row.signed_in);
  return { total, signedIn, waiting: Number(row.waiting), inCall: Number(row.in_call), signedOut: total - signedIn };
}
