import { sql } from 'drizzle-orm';
import type { OperatorStatus } from '@dialwise/contracts';
import type { ActionContext } from '../auth/actor.ts';

/**
 * The company's operators (active OPR accounts) by state. There is no seat screen yet, so the state is
 * derived from what exists: signed in = the account has a live session (not revoked, not expired);
 * in call = a live call transferred to them — no call record names an operator yet, so this is 0 until
 * the seat area adds that column; waiting = signed in and not in a call; signed out = the others.
 */
export async function getOperatorStatus(ctx: ActionContext, now: Date): Promise<OperatorStatus> {
  const result = await ctx.db.execute(sql`
    select count(*)::int as total,
      count(*) filter (where exists (
        select 1 from sessions s where s.user_id = u.id and s.revoked_at is null and s.expires_at > ${now.toISOString()}::timestamptz
      ))::int as signed_in
    from users u
    where u.company_id = ${ctx.actor.companyId} and u.auth_level = 'OPR' and u.status = 'active'`);
  const row = (result as unknown as { rows: { total: number; signed_in: number }[] }).rows[0]!;
  const total = Number(row.total);
  const signedIn = Number(row.signed_in);
  const inCall = 0;
  return { total, signedIn, inCall, waiting: signedIn - inCall, signedOut: total - signedIn };
}
