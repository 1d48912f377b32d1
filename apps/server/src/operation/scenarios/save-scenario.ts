import { isDeepStrictEqual } from 'node:util';
import { and, eq, ne, sql } from 'drizzle-orm';
import {
  ErrorCode,
  processorIdsOf,
  staleEditData,
  type Locale,
  type ScenarioCreate,
  type ScenarioDocument,
  type ScenarioSaved,
  type ScenarioUpdate,
} from '@dialwise/contracts';
import type { ActionContext } from '../../auth/actor.ts';
import { auditWho, recordAudit } from '../../db/record-audit.ts';
import type { Tx } from '../../db/client.ts';
import { scenarios, scenarioVersions } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { assertReferences } from './check-references.ts';

export async function nameTaken(tx: Tx, name: string, exceptId?: string): Promise<boolean> {
  const same = sql`lower(${scenarios.name}) = lower(${name})`;
  const [clash] = await tx
    .select({ id: scenarios.id })
    .from(scenarios)
    .where(exceptId ? and(same, ne(scenarios.id, exceptId)) : same);
  return Boolean(clash);
}

/** Writes a new scenario at version 1 (the document is already checked). */
export async function insertScenario(
  tx: Tx,
  ctx: ActionContext,
  document: ScenarioDocument,
  action: 'create' | 'import',
): Promise<ScenarioSaved> {
  const [row] = await tx
    .insert(scenarios)
    .values({ name: document.name, currentVersion: 1, createdBy: ctx.actor.userId, updatedBy: ctx.actor.userId })
    .returning({ id: scenarios.id });
  await tx
    .insert(scenarioVersions)
    .values({ scenarioId: row!.id, version: 1, document, processorIds: processorIdsOf(document), createdBy: ctx.actor.userId });
  await recordAudit(tx, auditWho(ctx), { action, entity: 'scenario', entityId: row!.id, changes: { name: document.name, version: 1 } });
  return { id: row!.id, name: document.name, version: 1 };
}

export async function createScenario(ctx: ActionContext, input: ScenarioCreate, locale: Locale): Promise<ScenarioSaved> {
  return ctx.db.transaction(async (tx) => {
    if (await nameTaken(tx, input.document.name)) throw new AppError(ErrorCode.CONFLICT, 'e.scenario.nameExists');
    await assertReferences(tx, input.document, locale);
    return insertScenario(tx, ctx, input.document, 'create');
  });
}

/**
 * Saving an edit writes version n+1 and keeps every earlier version readable (a running task keeps the
 * one it started with). The editor sends the version it opened: if someone saved meanwhile, nothing is
 * overwritten. An unchanged document writes no new version.
 */
export async function updateScenario(ctx: ActionContext, input: ScenarioUpdate, locale: Locale): Promise<ScenarioSaved> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(scenarios).where(eq(scenarios.id, input.id)).for('update');
    if (!row) throw AppError.notFound();
    if (row.currentVersion !== input.baseVersion)
      throw new AppError(ErrorCode.CONFLICT, 'e.scenario.staleVersion', { current: row.currentVersion }, staleEditData(row.currentVersion));
    const [current] = await tx
      .select({ document: scenarioVersions.document })
      .from(scenarioVersions)
      .where(and(eq(scenarioVersions.scenarioId, row.id), eq(scenarioVersions.version, row.currentVersion)));
    // jsonb does not keep key order, so compare values, not text.
    if (current && isDeepStrictEqual(current.document, input.document)) return { id: row.id, name: row.name, version: row.currentVersion };
    if (await nameTaken(tx, input.document.name, row.id)) throw new AppError(ErrorCode.CONFLICT, 'e.scenario.nameExists');
    await assertReferences(tx, input.document, locale);
    const version = row.currentVersion + 1;
    await tx.insert(scenarioVersions).values({
      scenarioId: row.id,
      version,
      document: input.document,
      processorIds: processorIdsOf(input.document),
      createdBy: ctx.actor.userId,
    });
    await tx
      .update(scenarios)
      .set({ name: input.document.name, currentVersion: version, updatedBy: ctx.actor.userId, updatedAt: new Date() })
      .where(eq(scenarios.id, row.id));
    const changes: Record<string, unknown> = { version: { from: row.currentVersion, to: version } };
    if (row.name !== input.document.name) changes.name = { from: row.name, to: input.document.name };
    await recordAudit(tx, auditWho(ctx), { action: 'update', entity: 'scenario', entityId: row.id, changes });
    return { id: row.id, name: input.document.name, version };
  });
}
