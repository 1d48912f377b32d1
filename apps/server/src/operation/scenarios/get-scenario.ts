import { and, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ScenarioDetail, ScenarioDocument, ScenarioRef } from '@dialwise/contracts';
import type { ActionContext } from '../../auth/actor.ts';
import type { DbOrTx } from '../../db/client.ts';
import { scenarios, scenarioVersions, users } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';

export interface ScenarioVersion {
  scenarioId: string;
  name: string;
  version: number;
  document: ScenarioDocument;
}

/**
 * The document a call runs: the given version, else the current one; null when the scenario (or that
 * version) does not exist. The dialer records the version when a task starts and asks for it by number,
 * so later edits never change a running task.
 */
export async function getScenarioVersion(db: DbOrTx, scenarioId: string, version?: number): Promise<ScenarioVersion | null> {
  const [scenario] = await db
    .select({ name: scenarios.name, currentVersion: scenarios.currentVersion })
    .from(scenarios)
    .where(eq(scenarios.id, scenarioId));
  if (!scenario) return null;
  const wanted = version ?? scenario.currentVersion;
  const [row] = await db
    .select({ document: scenarioVersions.document })
    .from(scenarioVersions)
    .where(and(eq(scenarioVersions.scenarioId, scenarioId), eq(scenarioVersions.version, wanted)));
  return row ? { scenarioId, name: row.document.name, version: wanted, document: row.document } : null;
}

const author = alias(users, 'version_author');

export async function getScenario(ctx: ActionContext, ref: ScenarioRef): Promise<ScenarioDetail> {
  const [scenario] = await ctx.db.select().from(scenarios).where(eq(scenarios.id, ref.id));
  if (!scenario) throw AppError.notFound();
  const found = await getScenarioVersion(ctx.db, ref.id, ref.version);
  if (!found) throw AppError.notFound();
  const versions = await ctx.db
    .select({ version: scenarioVersions.version, createdBy: author.username, createdAt: scenarioVersions.createdAt })
    .from(scenarioVersions)
    .leftJoin(author, eq(author.id, scenarioVersions.createdBy))
    .where(eq(scenarioVersions.scenarioId, ref.id))
    .orderBy(desc(scenarioVersions.version));
  return {
    id: scenario.id,
    name: scenario.name,
    currentVersion: scenario.currentVersion,
    version: found.version,
    document: found.document,
    versions: versions.map((v) => ({ version: v.version, createdBy: v.createdBy, createTime: v.createdAt.toISOString() })),
  };
}
