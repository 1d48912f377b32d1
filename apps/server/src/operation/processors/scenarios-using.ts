import { and, eq, sql } from 'drizzle-orm';
import type { GrantKind } from '@dialwise/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { companies, companyGrants, scenarios, scenarioVersions } from '../../db/schema.ts';

/** Names of the scenarios with any version (current or kept for a running task) referencing the processor. */
export async function scenariosUsing(db: DbOrTx, processorId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ name: scenarios.name })
    .from(scenarioVersions)
    .innerJoin(scenarios, eq(scenarios.id, scenarioVersions.scenarioId))
    .where(sql`${scenarioVersions.processorIds} @> array[${processorId}]::uuid[]`)
    .orderBy(scenarios.name);
  return rows.map((r) => r.name);
}

/** Names of the companies a catalogue entry is granted to. */
export async function companiesGranted(db: DbOrTx, kind: GrantKind, refId: string): Promise<string[]> {
  const rows = await db
    .select({ name: companies.name })
    .from(companyGrants)
    .innerJoin(companies, eq(companies.id, companyGrants.companyId))
    .where(and(eq(companyGrants.kind, kind), eq(companyGrants.refId, refId)))
    .orderBy(companies.name);
  return rows.map((r) => r.name);
}
