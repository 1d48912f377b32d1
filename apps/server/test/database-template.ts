import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';
import { createScratchDatabase } from './scratch-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, empty PGlite cluster as a data-folder tarball (unset on the PostgreSQL pass). */
    pgliteTemplate: string | undefined;
    /** On the PostgreSQL pass: a migrated, empty database each file's scratch database copies. */
    postgresTemplate: string | undefined;
  }
}

/**
 * Vitest global setup: migrate one database once per run and hand every test file a copy of it.
 * - PGlite: opening it runs initdb in WebAssembly (about 2.8 s here) and the migrations take about 2 s
 *   more; a file that loads the migrated cluster's tarball opens in under one.
 * - PostgreSQL (DATABASE_URL): each file's scratch database is `CREATE DATABASE … TEMPLATE` of a migrated
 *   one, a file copy, instead of running every migration again.
 * With about a hundred files that is minutes of CPU a run no longer spends. A copy still runs the
 * migrator, which finds every migration applied, so a file never sees a schema the committed migrations
 * would not make.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const baseUrl = process.env.DATABASE_URL;
  if (baseUrl) {
    const template = await createScratchDatabase(baseUrl, 'dialwise_template');
    const database = await openDatabase({ url: template.url, dataDir: 'memory://' });
    await database.close();
    project.provide('pgliteTemplate', undefined);
    project.provide('postgresTemplate', template.name);
    return template.drop;
  }
  const dir = mkdtempSync(join(tmpdir(), 'dialwise-template-'));
  const file = join(dir, 'migrated.tar');
  const database = await openDatabase({ dataDir: 'memory://' });
  if (database.driver.kind !== 'pglite') throw new Error('the template is a PGlite cluster');
  await database.driver.client.dumpTo(file);
  await database.close();
  project.provide('pgliteTemplate', file);
  project.provide('postgresTemplate', undefined);
  return async () => rmSync(dir, { recursive: true, force: true });
}
