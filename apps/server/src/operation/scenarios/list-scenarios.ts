import { and, count, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Page, ScenarioListItem, ScenarioQuery } from '@dialwise/contracts';
import type { ActionContext } from '../../auth/actor.ts';
import { scenarios, scenarioVersions, users } from '../../db/schema.ts';
import { containsPattern } from '../../db/like-pattern.ts';
import { processorsByIds } from '../processors/list-processors.ts';
import { readPage } from '../../db/read-page.ts';

const updater = alias(users, 'scenario_updater');

/** Scenarios with their current version, who saved it when, and the processors it uses. */
export async function listScenarios(ctx: ActionContext, query: ScenarioQuery): Promise<Page<ScenarioListItem>> {
  const filters: SQL[] = [];
  if (query.keyword) filters.push(ilike(scenarios.name, containsPattern(query.keyword)));
  if (query.processorId) filters.push(sql`${scenarioVersions.processorIds} @> array[${query.processorId}]::uuid[]`);
  const where = filters.length ? and(...filters) : undefined;
  const current = and(eq(scenarioVersions.scenarioId, scenarios.id), eq(scenarioVersions.version, scenarios.currentVersion));
  const { rows, total } = await readPage(
    query,
    ctx.db
      .select({ row: scenarios, processorIds: scenarioVersions.processorIds, updatedBy: updater.username })
      .from(scenarios)
      .innerJoin(scenarioVersions, current)
      .leftJoin(updater, eq(updater.id, scenarios.updatedBy))
      .where(where)
      .orderBy(desc(scenarios.updatedAt), desc(scenarios.id))
      .$dynamic(),
    ctx.db.select({ n: count() }).from(scenarios).innerJoin(scenarioVersions, current).where(where),
  );
  const processors = new Map((await processorsByIds(ctx.db, [...new Set(rows.flatMap((r) => r.processorIds))])).map((p) => [p.id, p]));
  return {
    total,
    list: rows.map(({ row, processorIds, updatedBy }) => ({
      id: row.id,
      name: row.name,
      version: row.currentVersion,
      updatedBy,
      processors: processorIds.flatMap((id) => processors.get(id) ?? []),
      updateTime: row.updatedAt.toISOString(),
      createTime: row.createdAt.toISOString(),
    })),
  };
}
