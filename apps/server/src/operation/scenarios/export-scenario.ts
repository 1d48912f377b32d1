import { SCENARIO_FORMAT, SCENARIO_FORMAT_VERSION, processorIdsOf, type ScenarioExport, type ScenarioRef } from '@dialwise/contracts';
import type { ActionContext } from '../../auth/actor.ts';
import { AppError } from '../../http/app-error.ts';
import { processorsByIds } from '../processors/list-processors.ts';
import { getScenarioVersion } from './get-scenario.ts';

/**
 * The export file: the document with the format marker, and the alias and type of each processor it
 * references, so an import elsewhere can map the ids onto that installation's processors.
 */
export async function exportScenario(ctx: ActionContext, ref: ScenarioRef, now: Date): Promise<ScenarioExport & { exportedAt: string }> {
  const found = await getScenarioVersion(ctx.db, ref.id, ref.version);
  if (!found) throw AppError.notFound();
  const processors = await processorsByIds(ctx.db, processorIdsOf(found.document));
  return {
    format: SCENARIO_FORMAT,
    formatVersion: SCENARIO_FORMAT_VERSION,
    exportedAt: now.toISOString(),
    sourceVersion: found.version,
    scenario: found.document,
    processors: processors.map(({ id, alias, type }) => ({ id, alias, type })),
  };
}
