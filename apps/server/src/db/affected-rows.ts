import type { RawResult } from './client.ts';

/** Rows a write touched, from either driver's result (pg: rowCount; PGlite: affectedRows). */
export function affectedRows(result: RawResult<unknown>): number {
  return Number(result.rowCount ?? result.affectedRows ?? 0);
}
