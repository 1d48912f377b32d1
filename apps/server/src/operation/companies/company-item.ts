import { eq, getTableColumns } from 'drizzle-orm';
import type { CompanyListItem } from '@dialwise/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { companies } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { authorNames, authorship, joinAuthors } from '../sql-helpers.ts';

type CompanyRow = typeof companies.$inferSelect;

/** The company columns the list shows, with the names of who created and last changed the row. */
export function companyItemQuery(db: DbOrTx) {
  const { permissions: _permissions, ...columns } = getTableColumns(companies);
  return joinAuthors(
    db
      .select({ ...columns, ...authorNames })
      .from(companies)
      .$dynamic(),
    companies,
  );
}

/** Quiet days as stored: each once, in calendar order. */
export function quietDaysOf(days: readonly string[]): string[] {
  return [...new Set(days)].sort();
}

export function toCompanyItem(
  row: Omit<CompanyRow, 'permissions'> & { createdByName: string | null; updatedByName: string | null },
): CompanyListItem {
  return {
    id: row.id,
    version: row.version,
    name: row.name,
    suffix: row.suffix,
    adminEmail: row.adminEmail,
    state: row.state,
    timezone: row.timezone,
    quietDays: row.quietDays,
    isProvider: row.isProvider,
    ...authorship(row),
  };
}

export async function getCompanyItem(db: DbOrTx, id: string): Promise<CompanyListItem> {
  const [row] = await companyItemQuery(db).where(eq(companies.id, id)).limit(1);
  if (!row) throw AppError.notFound();
  return toCompanyItem(row);
}

/** The company row, locked for the rest of the transaction (state changes and grants serialise on it). */
export async function lockCompany(tx: DbOrTx, id: string): Promise<CompanyRow> {
  const [row] = await tx.select().from(companies).where(eq(companies.id, id)).for('update').limit(1);
  if (!row) throw AppError.notFound();
  return row;
}
