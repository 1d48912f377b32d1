#!/usr/bin/env node
// Runs every test suite of the repository and ends with one line: "N passed, N failed".
//
//   node scripts/test-all.mjs            the checks (typecheck, lint, knip, layers, engines, install), contracts,
//                                        server, web (vitest) and the browser suite (playwright)
//   node scripts/test-all.mjs server     the server suite only (CI runs it a second time on PostgreSQL)
//   node scripts/test-all.mjs web e2e    any subset, by suite name
//
// Each suite writes a JSON report under .test-results/; a suite that crashes before reporting counts as
// one failure, so a broken suite can never look green.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const out = join(root, '.test-results');

const SUITES = {
  // Checks count as one test each: passed when the command exits 0.
  typecheck: { kind: 'check', command: ['npx', 'tsc', '-b', 'packages/contracts', 'apps/server', 'apps/web', 'e2e', 'bench'] },
  lint: { kind: 'check', command: ['npx', 'biome', 'ci', '.'] },
  knip: { kind: 'check', command: ['npx', 'knip', '--no-progress'] },
  // The server's layers (docs/architecture.md): no wrong-way import, no cycle between folders or modules.
  layers: { kind: 'check', command: ['npm', 'run', '--silent', 'layers'] },
  engines: { kind: 'check', command: ['node', 'scripts/check-engines.mjs'] },
  install: { kind: 'check', command: ['node', 'scripts/check-install.mjs'] },
  contracts: { kind: 'vitest', cwd: 'packages/contracts' },
  server: { kind: 'vitest', cwd: 'apps/server' },
  web: { kind: 'vitest', cwd: 'apps/web' },
  e2e: { kind: 'playwright', cwd: 'e2e' },
};

const wanted = process.argv.slice(2);
for (const name of wanted) {
  if (!(name in SUITES)) {
    console.error(`Unknown suite "${name}". Suites: ${Object.keys(SUITES).join(', ')}`);
    process.exit(2);
  }
}
const names = wanted.length > 0 ? wanted : Object.keys(SUITES);

mkdirSync(out, { recursive: true });

function run(name, suite) {
  if (suite.kind === 'check') {
    const [command, ...args] = suite.command;
    const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
    const ok = result.status === 0;
    return {
      passed: ok ? 1 : 0,
      failed: ok ? 0 : 1,
      skipped: 0,
      exitCode: result.status ?? 1,
      failures: ok ? [] : [`${name} (exit ${result.status})`],
    };
  }
  const report = join(out, `${name}.json`);
  rmSync(report, { force: true });
  const cwd = join(root, suite.cwd);
  const bin = (tool) => join(root, 'node_modules', '.bin', tool);
  const result =
    suite.kind === 'vitest'
      ? spawnSync(bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], { cwd, stdio: 'inherit' })
      : spawnSync(bin('playwright'), ['test', '--reporter=list,json'], {
          cwd,
          stdio: 'inherit',
          env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: report },
        });
  return { ...readCounts(suite.kind, report), exitCode: result.status ?? 1 };
}

function readCounts(kind, report) {
  if (!existsSync(report)) return { passed: 0, failed: 0, skipped: 0, missing: true, failures: [] };
  const json = JSON.parse(readFileSync(report, 'utf8'));
  if (kind === 'vitest') {
    const files = json.testResults ?? [];
    // A file that fails to load has no tests in it but is a failure all the same.
    const broken = files.filter((file) => file.status === 'failed' && file.assertionResults.length === 0);
    const failures = files.flatMap((file) => [
      ...file.assertionResults.filter((test) => test.status === 'failed').map((test) => `${relative(root, file.name)} › ${test.fullName}`),
      ...(broken.includes(file) ? [`${relative(root, file.name)} (did not load)`] : []),
    ]);
    return {
      passed: json.numPassedTests,
      failed: json.numFailedTests + broken.length,
      skipped: json.numPendingTests + json.numTodoTests,
      failures,
    };
  }
  const stats = json.stats ?? {};
  return {
    passed: (stats.expected ?? 0) + (stats.flaky ?? 0),
    failed: (stats.unexpected ?? 0) + (json.errors?.length ?? 0),
    skipped: stats.skipped ?? 0,
    failures: [...playwrightFailures(json.suites ?? [], []), ...(json.errors ?? []).map((error) => `(error) ${firstLine(error.message)}`)],
  };
}

/** The titles of the tests whose outcome was 'unexpected', with their file and describe blocks. */
function playwrightFailures(suites, path) {
  return suites.flatMap((suite) => {
    const here = suite.title ? [...path, suite.title] : path;
    const own = (suite.specs ?? [])
      .filter((spec) => (spec.tests ?? []).some((test) => test.status === 'unexpected'))
      .map((spec) => [...here, spec.title].join(' › '));
    return [...own, ...playwrightFailures(suite.suites ?? [], here)];
  });
}

const firstLine = (text = '') => text.split('\n')[0].slice(0, 200);

const totals = { passed: 0, failed: 0, skipped: 0 };
const lines = [];
const failures = [];
for (const name of names) {
  console.log(`\n━━ ${name} ━━`);
  const counts = run(name, SUITES[name]);
  // No report, or a non-zero exit with nothing failing in the report: the suite itself broke.
  const broken = counts.missing || (counts.exitCode !== 0 && counts.failed === 0);
  if (broken) counts.failed += 1;
  totals.passed += counts.passed;
  totals.failed += counts.failed;
  totals.skipped += counts.skipped;
  failures.push(...(counts.failures ?? []), ...(broken ? [`${name} (suite did not complete)`] : []));
  lines.push(
    `  ${name.padEnd(10)} ${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ''}${broken ? '  (suite did not complete)' : ''}`,
  );
}

console.log('\n━━ summary ━━');
for (const line of lines) console.log(line);
// The failed tests by name, so that the last lines of a CI log say what to look at.
for (const failure of failures.slice(0, 30)) console.log(`  ✘ ${failure}`);
if (failures.length > 30) console.log(`  … and ${failures.length - 30} more`);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed > 0 ? 1 : 0);
