import type { PgSelect } from 'drizzle-orm/pg-core';

/** A 1-based page of a list query (the contracts' `pageQuerySchema`). */
export interface Paging {
  page: number;
  pageSize: number;
}

/**
 * One page by offset: `select` (filtered and ordered, made `$dynamic()`) cut to the page, and the count of
 * every row the filter admits (`counted`: the same where, without order or paging). Both queries run at once.
 */
export async function readPage<S extends PgSelect>(
  paging: Paging,
  select: S,
  counted: PromiseLike<{ n: number }[]>,
): Promise<{ rows: S['_']['result']; total: number }> {
  const [rows, [total]] = await Promise.all([select.limit(paging.pageSize).offset((paging.page - 1) * paging.pageSize), counted]);
  return { rows, total: total?.n ?? 0 };
}
