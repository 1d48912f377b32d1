import { eq } from 'drizzle-orm';
import type { ActionContext } from '../../auth/actor.ts';
import { llms, processors } from '../../db/schema.ts';
import { deleteCatalogueEntry } from '../delete-catalogue-entry.ts';
import { refuseWhileUsed } from '../refuse-while-used.ts';

/** Removes a model no processor uses; otherwise refuses, naming the processors. */
export async function deleteLlm(ctx: ActionContext, id: string): Promise<void> {
  await deleteCatalogueEntry(ctx, llms, id, {
    entity: 'llm',
    refuse: async (tx) => {
      const users = await tx.select({ alias: processors.alias }).from(processors).where(eq(processors.llmId, id)).orderBy(processors.alias);
      refuseWhileUsed(
        'e.llm.inUse',
        'processors',
        users.map((p) => p.alias),
      );
    },
    changes: (row) => ({ vendor: row.vendor, modelName: row.modelName }),
  });
}
