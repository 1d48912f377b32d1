#!/usr/bin/env node
// Every installed package must run on the Node version the project states (package.json "engines"), so a
// newcomer on that Node sees no EBADENGINE warning and nothing that only works by luck (issue 17 point 14).
// Reads package-lock.json: the exact versions `npm ci` installs, with each package's declared engines.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import semver from 'semver';

const root = resolve(import.meta.dirname, '..');
const read = (file) => JSON.parse(readFileSync(join(root, file), 'utf8'));
const stated = read('package.json').engines?.node;
const lowest = stated && semver.minVersion(stated);
if (!lowest) {
  console.error('package.json states no engines.node');
  process.exit(1);
}

const refused = [];
for (const [path, entry] of Object.entries(read('package-lock.json').packages)) {
  const wants = entry.engines?.node;
  // A package built for another OS or CPU is never installed here; its engines do not matter.
  if (!path || !wants || entry.optional) continue;
  if (!semver.satisfies(lowest, wants, { includePrerelease: true })) refused.push(`${path}@${entry.version} wants node ${wants}`);
}

if (refused.length > 0) {
  console.error(`These packages do not support node ${lowest} (package.json says ${stated}):\n  ${refused.join('\n  ')}`);
  process.exit(1);
}
console.log(`Every installed package supports node ${lowest} (package.json says ${stated}).`);
