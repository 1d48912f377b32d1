import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { RuleKey, ServiceKey } from '@dialwise/contracts';
import { templateSwitches } from '../db/schema.ts';

/** The card list's switches the product acts on (the always-on rules are not switches). */
export type CompanySwitch = { kind: 'service'; key: ServiceKey } | { kind: 'rule'; key: Extract<RuleKey, 'circuitBreaker'> };

/**
 * Whether a company's service or rule switch (the /list/card page) is on, as a SQL expression over the row's
 * company column: on until the company stores it off. Read inside the query that needs it (the dialer's
 * task round, closing a call, enqueueing a callback), so a change applies from the next call on, in every
 * dialer process, without a cache to go stale.
 */
export function switchOn(companyId: AnyPgColumn, which: CompanySwitch): SQL<boolean> {
  return sql<boolean>`coalesce((select ${templateSwitches.enabled} from ${templateSwitches}
    where ${templateSwitches.companyId} = ${companyId} and ${templateSwitches.kind} = ${which.kind} and ${templateSwitches.key} = ${which.key}), true)`;
}
