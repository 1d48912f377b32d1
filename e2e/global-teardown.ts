import { rmSync } from 'node:fs';

/** Removes the run's temporary server data (database, recordings) when the config made the folder itself. */
export default function globalTeardown(): void {
  const dir = process.env.E2E_DATA_DIR;
  if (dir && process.env.E2E_DATA_DIR_OWNED === '1') rmSync(dir, { recursive: true, force: true });
}
