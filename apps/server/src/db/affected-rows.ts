/** Rows a write touched, from either driver's result (pg: rowCount; PGlite: affectedRows). */
export function affectedRows(result: unknown): number {
  const r = result as { rowCount?: number | null; affectedRows?: number };
  return Number(r.rowCount ?? r.affectedRows ?? 0);
}
