import { and, asc, eq } from 'drizzle-orm';
import type { TaskOptions } from '@dialwise/contracts';
import type { ActionContext } from '../auth/actor.ts';
import { companyGrants, scenarios, sipLines, voices } from '../db/schema.ts';

/** What the task form may choose from: scenarios and voices granted to the caller's company, and its own lines. */
export async function listTaskOptions(ctx: ActionContext): Promise<TaskOptions> {
  const companyId = ctx.actor.companyId;
  const granted = (kind: 'scenario' | 'voice') => and(eq(companyGrants.companyId, companyId), eq(companyGrants.kind, kind));
  const [scenarioRows, voiceRows, lineRows] = await Promise.all([
    ctx.db
      .select({ id: scenarios.id, name: scenarios.name })
      .from(scenarios)
      .innerJoin(companyGrants, and(granted('scenario'), eq(companyGrants.refId, scenarios.id)))
      .orderBy(asc(scenarios.name)),
    ctx.db
      .select({ id: voices.id, nickname: voices.nickname })
      .from(voices)
      .innerJoin(companyGrants, and(granted('voice'), eq(companyGrants.refId, voices.id)))
      .orderBy(asc(voices.nickname)),
    ctx.db
      .select({ id: sipLines.id, alias: sipLines.alias, concurrency: sipLines.concurrency, status: sipLines.status })
      .from(sipLines)
      .where(eq(sipLines.companyId, companyId))
      .orderBy(asc(sipLines.alias)),
  ]);
  return { scenarios: scenarioRows, voices: voiceRows, sipLines: lineRows };
}
