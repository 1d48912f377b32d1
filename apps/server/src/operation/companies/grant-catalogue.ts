import { asc, inArray } from 'drizzle-orm';
import type { GrantItem, GrantKind } from '@dialwise/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { processors, scenarios, voices } from '../../db/schema.ts';

/** A grant editor's item before the company's grants are known (`selectable` false: may not be newly granted, e.g. an invalid processor). */
export type CatalogueItem = Omit<GrantItem, 'granted'>;

/**
 * The catalogue of one kind, as the grant editor lists it (all of it, or the given ids). Voices and tags
 * are ours; processors and scenarios belong to the other half of the operation area, so only the columns
 * every version of those tables has are read here.
 */
export async function grantCatalogue(db: DbOrTx, kind: GrantKind, ids?: readonly string[]): Promise<CatalogueItem[]> {
  if (ids && ids.length === 0) return [];
  switch (kind) {
    case 'voice': {
      const rows = await db
        .select({ id: voices.id, label: voices.nickname, vendor: voices.vendor, originalVoiceId: voices.originalVoiceId })
        .from(voices)
        .where(ids ? inArray(voices.id, [...ids]) : undefined)
        .orderBy(asc(voices.nickname));
      return rows.map((r) => ({
        id: r.id,
        label: r.label,
        selectable: true,
        extra: { vendor: r.vendor, originalVoiceId: r.originalVoiceId },
      }));
    }
    case 'processor': {
      const rows = await db
        .select({ id: processors.id, label: processors.alias, type: processors.type, state: processors.state })
        .from(processors)
        .where(ids ? inArray(processors.id, [...ids]) : undefined)
        .orderBy(asc(processors.alias));
      return rows.map((r) => ({ id: r.id, label: r.label, selectable: r.state === 'valid', extra: { type: r.type, state: r.state } }));
    }
    case 'scenario': {
      const rows = await db
        .select({ id: scenarios.id, label: scenarios.name })
        .from(scenarios)
        .where(ids ? inArray(scenarios.id, [...ids]) : undefined)
        .orderBy(asc(scenarios.name));
      return rows.map((r) => ({ id: r.id, label: r.label, selectable: true, extra: {} }));
    }
  }
}
