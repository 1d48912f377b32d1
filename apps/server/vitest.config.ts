import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Tests of several server processes on one database need PostgreSQL (PGlite is one process): the fault tests
 * (test/faults: kill -9 of a server process mid-campaign, PostgreSQL restarted under load, a seat and a call on
 * two server processes) and the files named *.postgres.test.ts (seats and transfers across two app instances). They belong to the PostgreSQL pass
 * (DATABASE_URL set, as CI's second pass); without it they are left out of the run, and the run says so.
 */
const postgres = Boolean(process.env.DATABASE_URL);
if (!postgres) {
  console.log(
    'test/faults (kill -9 mid-campaign, PostgreSQL restarted under load, the seat across two server processes) and *.postgres.test.ts (two server instances) are not run: they need PostgreSQL (set DATABASE_URL; CI runs them in its PostgreSQL pass). See docs/security.md.',
  );
}

/**
 * The PostgreSQL pass re-runs what a database can change. Files under these folders test the telephony,
 * speech, answering-machine and conversation engines on their own (SIP on loopback, recognisers, fake vendors
 * and models) and open no database, so their PGlite run says all they have to say; the second pass leaves
 * them out (about a minute of CI). A file there that does open one (`useTestServer`, a world, a `Database`)
 * is kept in both passes: the rule reads the file, not only its folder.
 */
const DATABASE_FREE_FOLDERS = ['src/telephony', 'src/speech', 'src/amd', 'src/conversation'];
const OPENS_A_DATABASE = /useTestServer|openDatabase|processWorld|useSeatWorld|Database|drizzle/;
const databaseFree = () =>
  DATABASE_FREE_FOLDERS.flatMap((folder) =>
    readdirSync(join(import.meta.dirname, folder), { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.test.ts'))
      .map((name) => `${folder}/${name}`)
      .filter((file) => !OPENS_A_DATABASE.test(readFileSync(join(import.meta.dirname, file), 'utf8'))),
  );

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // One migrated database per run (PGlite or PostgreSQL); each file's database starts from a copy (test/database-template.ts).
    globalSetup: ['test/database-template.ts'],
    exclude: postgres
      ? [...configDefaults.exclude, ...databaseFree(), 'src/db/pglite-proxy.test.ts']
      : [...configDefaults.exclude, 'test/faults/**', '**/*.postgres.test.ts'],
    testTimeout: 30_000,
    // A file's first hook opens and migrates its database: slow while other files run beside it.
    hookTimeout: 120_000,
    // Each file opens its own database; on one PGlite per file, files run in parallel workers.
    pool: 'forks',
    // A worker's files share their modules instead of loading Fastify, drizzle, zod, PGlite and the
    // engines again for each file: that import was 228 s of the 797 s the files took, and the suite runs
    // in ~4 min instead of ~6. What a module keeps for the process is reset before each file
    // (test/file-setup.ts); every file makes its own servers, databases and calls.
    isolate: false,
    setupFiles: ['test/file-setup.ts'],
    // Vitest's default is one worker per core less one: a single worker on a 2-core CI machine, where most
    // of a file's time is spent waiting on timers, sockets and child processes (calls, SIP, speech). Three
    // files at once keep both cores busy. VITEST_MAX_WORKERS overrides it.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 3),
  },
});
