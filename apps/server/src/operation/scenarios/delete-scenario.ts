import type { ActionContext } from '../../auth/actor.ts';
import { scenarios } from '../../db/schema.ts';
import { deleteCatalogueEntry } from '../delete-catalogue-entry.ts';
import { companiesGranted } from '../processors/scenarios-using.ts';
import { refuseWhileUsed } from '../refuse-while-used.ts';

/** Removes a scenario and its versions, unless a company holds a grant of it (its tasks may run it). */
export async function deleteScenario(ctx: ActionContext, id: string): Promise<void> {
  await deleteCatalogueEntry(ctx, scenarios, id, {
    entity: 'scenario',
    refuse: async (tx) => refuseWhileUsed('e.scenario.granted', 'companies', await companiesGranted(tx, 'scenario', id)),
    changes: (row) => ({ name: row.name, versions: row.currentVersion }),
  });
}
