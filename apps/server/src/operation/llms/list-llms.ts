import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Llm, LlmOption, LlmQuery, Page } from '@dialwise/contracts';
import type { ActionContext } from '../../auth/actor.ts';
import type { DbOrTx } from '../../db/client.ts';
import { containsPattern } from '../../db/like-pattern.ts';
import { llms, processors, users } from '../../db/schema.ts';
import { maskSecret } from '../../secrets/secret-box.ts';
import { readPage } from '../../db/read-page.ts';

const updater = alias(users, 'llm_updater');

function llmColumns() {
  return {
    row: llms,
    updatedBy: updater.username,
    processorCount: sql<number>`(select count(*)::int from ${processors} where ${processors.llmId} = ${llms.id})`,
  };
}

type Selected = { row: typeof llms.$inferSelect; updatedBy: string | null; processorCount: number };

/** The answer shape: the key shows only as "set" and masked, never in clear nor sealed. */
function view({ row, updatedBy, processorCount }: Selected): Llm {
  return {
    id: row.id,
    version: row.version,
    vendor: row.vendor,
    modelType: row.modelType,
    modelName: row.modelName,
    calledName: row.calledName,
    tag: row.tag,
    url: row.url,
    keyName: row.keyName,
    hasApiKey: row.apiKeySealed !== null,
    apiKeyMasked: maskSecret(row.apiKeySealed),
    processorCount: Number(processorCount),
    updatedBy,
    createTime: row.createdAt.toISOString(),
    updateTime: row.updatedAt.toISOString(),
  };
}

export async function findLlm(db: DbOrTx, id: string): Promise<Llm | null> {
  const [found] = await db.select(llmColumns()).from(llms).leftJoin(updater, eq(updater.id, llms.updatedBy)).where(eq(llms.id, id));
  return found ? view(found) : null;
}

export async function listLlms(ctx: ActionContext, query: LlmQuery): Promise<Page<Llm>> {
  const filters: SQL[] = [];
  if (query.vendor) filters.push(sql`lower(${llms.vendor}) = lower(${query.vendor})`);
  if (query.modelType) filters.push(eq(llms.modelType, query.modelType));
  if (query.keyword) {
    const pattern = containsPattern(query.keyword);
    filters.push(or(ilike(llms.modelName, pattern), ilike(llms.calledName, pattern), ilike(llms.tag, pattern), ilike(llms.url, pattern))!);
  }
  const where = filters.length ? and(...filters) : undefined;
  const { rows, total } = await readPage(
    query,
    ctx.db
      .select(llmColumns())
      .from(llms)
      .leftJoin(updater, eq(updater.id, llms.updatedBy))
      .where(where)
      .orderBy(desc(llms.updatedAt), desc(llms.id))
      .$dynamic(),
    ctx.db.select({ n: count() }).from(llms).where(where),
  );
  return { total, list: rows.map(view) };
}

/** Every model, for the processor form's vendor → model choice. */
export async function listLlmOptions(ctx: ActionContext): Promise<LlmOption[]> {
  return ctx.db
    .select({ id: llms.id, vendor: llms.vendor, modelName: llms.modelName, calledName: llms.calledName, modelType: llms.modelType })
    .from(llms)
    .orderBy(llms.vendor, llms.modelName);
}

/** The vendors already in the catalogue, for the filter and the form's suggestions. */
export async function listLlmVendors(ctx: ActionContext): Promise<string[]> {
  const rows = await ctx.db.selectDistinct({ vendor: llms.vendor }).from(llms).orderBy(llms.vendor);
  return rows.map((r) => r.vendor);
}
