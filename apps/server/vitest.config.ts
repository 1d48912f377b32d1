import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    // A file's first hook opens and migrates its database: slow while other files run beside it.
    hookTimeout: 120_000,
    // Each file opens its own database; on one PGlite per file, files run in parallel workers.
    pool: 'forks',
    // Vitest's default is one worker per core less one: a single worker on a 2-core CI machine, where most
    // of a file's time is spent waiting on timers, sockets and child processes (calls, SIP, speech). Three
    // files at once keep both cores busy. VITEST_MAX_WORKERS overrides it.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 3),
  },
});
