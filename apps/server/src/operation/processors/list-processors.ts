import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Page, Processor, ProcessorOption, ProcessorQuery } from '@dialwise/contracts';
import type { ActionContext } from '../../auth/actor.ts';
import type { DbOrTx } from '../../db/client.ts';
import { llms, processors, scenarios, scenarioVersions, users } from '../../db/schema.ts';
import { containsPattern } from '../../db/like-pattern.ts';
import { readPage } from '../../db/read-page.ts';

const updater = alias(users, 'processor_updater');

function columns() {
  return { row: processors, vendor: llms.vendor, model: llms.calledName, updatedBy: updater.username };
}
type Selected = { row: typeof processors.$inferSelect; vendor: string | null; model: string | null; updatedBy: string | null };

/** Names of the scenarios whose current version references each processor. */
async function usedBy(db: DbOrTx, ids: string[]): Promise<Map<string, string[]>> {
  const result = new Map<string, string[]>();
  if (ids.length === 0) return result;
  const rows = await db
    .select({ name: scenarios.name, processorIds: scenarioVersions.processorIds })
    .from(scenarios)
    .innerJoin(scenarioVersions, and(eq(scenarioVersions.scenarioId, scenarios.id), eq(scenarioVersions.version, scenarios.currentVersion)))
    .where(sql`${scenarioVersions.processorIds} && ${sql.param(ids)}::uuid[]`)
    .orderBy(scenarios.name);
  for (const row of rows) {
    for (const id of row.processorIds) {
      if (ids.includes(id)) result.set(id, [...(result.get(id) ?? []), row.name]);
    }
  }
  return result;
}

function view({ row, vendor, model, updatedBy }: Selected, uses: Map<string, string[]>): Processor {
  return {
    id: row.id,
    version: row.version,
    alias: row.alias,
    state: row.state,
    type: row.type,
    isPublic: row.isPublic,
    llmId: row.llmId,
    llmVendor: vendor ?? '',
    llmModel: model ?? '',
    systemPrompt: row.systemPrompt,
    temperature: row.temperature,
    topP: row.topP,
    extraOptions: row.extraOptions,
    usedBy: uses.get(row.id) ?? [],
    updatedBy,
    createTime: row.createdAt.toISOString(),
    updateTime: row.updatedAt.toISOString(),
  };
}

function base(db: DbOrTx) {
  return db
    .select(columns())
    .from(processors)
    .leftJoin(llms, eq(llms.id, processors.llmId))
    .leftJoin(updater, eq(updater.id, processors.updatedBy));
}

export async function findProcessor(db: DbOrTx, id: string): Promise<Processor | null> {
  const [found] = await base(db).where(eq(processors.id, id));
  return found ? view(found, await usedBy(db, [id])) : null;
}

export async function listProcessors(ctx: ActionContext, query: ProcessorQuery): Promise<Page<Processor>> {
  const filters: SQL[] = [];
  if (query.type) filters.push(eq(processors.type, query.type));
  if (query.state) filters.push(eq(processors.state, query.state));
  if (query.keyword) {
    const pattern = containsPattern(query.keyword);
    filters.push(or(ilike(processors.alias, pattern), ilike(processors.systemPrompt, pattern))!);
  }
  const where = filters.length ? and(...filters) : undefined;
  const { rows, total } = await readPage(
    query,
    base(ctx.db).where(where).orderBy(desc(processors.updatedAt), desc(processors.id)).$dynamic(),
    ctx.db.select({ n: count() }).from(processors).where(where),
  );
  const uses = await usedBy(
    ctx.db,
    rows.map((r) => r.row.id),
  );
  return { total, list: rows.map((r) => view(r, uses)) };
}

/** Every processor, for the scenario editor's choices (invalid ones shown but not selectable). */
export async function listProcessorOptions(ctx: ActionContext): Promise<ProcessorOption[]> {
  const rows = await ctx.db
    .select({ id: processors.id, alias: processors.alias, type: processors.type, state: processors.state, model: llms.calledName })
    .from(processors)
    .leftJoin(llms, eq(llms.id, processors.llmId))
    .orderBy(processors.type, processors.alias);
  return rows.map(({ model, ...rest }) => ({ ...rest, llmModel: model ?? '' }));
}

/** The processors of the given ids (for checking references). */
export async function processorsByIds(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: processors.id, alias: processors.alias, type: processors.type, state: processors.state })
    .from(processors)
    .where(inArray(processors.id, ids));
}
