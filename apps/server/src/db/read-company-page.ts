import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';
import { readPage, type Paging } from './read-page.ts';
import { users } from './schema.ts';

/** A company's table whose rows say who created them and when. */
type CompanyOwned = PgTable & { companyId: PgColumn; createdBy: PgColumn; createdAt: PgColumn };

/**
 * One page of a company's rows of `table`, newest first (`tiebreak` orders rows created at the same instant),
 * each with the user name of whoever created it (null when that user is gone or it came from the system).
 * `filters` narrow the company's rows further.
 */
export async function readCompanyPage<T extends CompanyOwned>(
  db: Db,
  paging: Paging,
  table: T,
  companyId: string,
  filters: SQL[],
  tiebreak: PgColumn,
): Promise<{ rows: { row: T['$inferSelect']; createdBy: string | null }[]; total: number }> {
  const where = and(eq(table.companyId, companyId), ...filters);
  const { rows, total } = await readPage(
    paging,
    db
      .select({ row: table as PgTable, createdBy: users.username })
      .from(table as PgTable)
      .leftJoin(users, eq(users.id, table.createdBy))
      .where(where)
      .orderBy(desc(table.createdAt), desc(tiebreak))
      .$dynamic(),
    db
      .select({ n: count() })
      .from(table as PgTable)
      .where(where),
  );
  return { rows: rows as { row: T['$inferSelect']; createdBy: string | null }[], total };
}
