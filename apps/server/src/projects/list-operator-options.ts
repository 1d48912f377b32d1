import { and, asc, eq } from 'drizzle-orm';
import type { ProjectOperatorOption } from '@dialwise/contracts';
import type { ActionContext } from '../auth/actor.ts';
import { users } from '../db/schema.ts';

/** The company's agents (OPR accounts) for the project form's Operators select; disabled ones are marked. */
export async function listOperatorOptions(ctx: ActionContext): Promise<ProjectOperatorOption[]> {
  const rows = await ctx.db
    .select({ id: users.id, username: users.username, alias: users.alias, status: users.status })
    .from(users)
    .where(and(eq(users.companyId, ctx.actor.companyId), eq(users.authLevel, 'OPR')))
    .orderBy(asc(users.username))
    .limit(1000);
  return rows.map((row) => ({ id: row.id, username: row.username, alias: row.alias, disabled: row.status !== 'active' }));
}
