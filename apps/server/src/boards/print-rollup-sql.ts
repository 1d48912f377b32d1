import { writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rollupSql } from './rollup-sql.ts';

/** Writes the rollup trigger migration from the measures (run after changing `measures.ts`). */
export const ROLLUP_MIGRATION = resolve(dirname(fileURLToPath(import.meta.url)), '../db/migrations/0007_call_rollups_trigger.sql');

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(ROLLUP_MIGRATION, rollupSql());
  console.log(`wrote ${ROLLUP_MIGRATION}`);
}
