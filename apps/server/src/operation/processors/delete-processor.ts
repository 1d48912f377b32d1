import type { ActionContext } from '../../auth/actor.ts';
import { processors } from '../../db/schema.ts';
import { deleteCatalogueEntry } from '../delete-catalogue-entry.ts';
import { refuseWhileUsed } from '../refuse-while-used.ts';
import { companiesGranted, scenariosUsing } from './scenarios-using.ts';

/**
 * Removes a processor no scenario version references and no company holds a grant of; otherwise refuses,
 * naming the scenarios (or companies). Old versions count: a running task may still use one.
 */
export async function deleteProcessor(ctx: ActionContext, id: string): Promise<void> {
  await deleteCatalogueEntry(ctx, processors, id, {
    entity: 'processor',
    refuse: async (tx) => {
      refuseWhileUsed('e.processor.inUse', 'scenarios', await scenariosUsing(tx, id));
      refuseWhileUsed('e.processor.granted', 'companies', await companiesGranted(tx, 'processor', id));
    },
    changes: (row) => ({ alias: row.alias, type: row.type }),
  });
}
