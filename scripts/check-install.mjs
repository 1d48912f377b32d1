#!/usr/bin/env node
// `npm install` on a machine that reaches only the package registries must work as the README types it: no
// environment variable, no download from anywhere else (issue 26). The project's .npmrc sets ignore-scripts, so
// no dependency's install script runs; this check keeps that true and honest:
//
//   1. every package in package-lock.json that has an install script is reviewed below, with the reason it
//      works without it (a new dependency with a script fails here until someone reads what the script does);
//   2. the reviewed packages work as installed: each is loaded and used once;
//   3. the install scripts npm would run here run under a network guard (`npm rebuild`, which runs exactly the
//      scripts `npm install` runs, with the project's own config): any host they reach that is not the
//      registry fails the check;
//   4. the guard itself is tried on a package whose script does reach out, so a guard that saw nothing cannot
//      pass for a clean install.
//
// The guard: a proxy of ours that every HTTP(S)_PROXY variable points at (curl, wget, global-agent and npm
// honour them), which writes down the host asked for and refuses it, and a module preloaded into every Node
// process (NODE_OPTIONS) that writes down and refuses any connection that is neither the registry nor the proxy.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');

/** What each install script would do, and why the package works without it. */
const REVIEWED = {
  'onnxruntime-node':
    'postinstall downloads the CUDA/TensorRT providers from nuget.org on linux/x64; the CPU runtime the VAD uses ships in the package',
  esbuild:
    'postinstall checks that the platform binary (an optional dependency from the registry) is there and may swap the bin shim for it; the JS API finds the binary without it',
};

const failures = [];
const fail = (message) => failures.push(message);

// 1. Every install script is reviewed.
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'));
const withScripts = Object.entries(lock.packages)
  .filter(([, entry]) => entry.hasInstallScript)
  .map(([path, entry]) => ({ path, name: path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length), entry }));
for (const { path, name, entry } of withScripts) {
  if (!(name in REVIEWED))
    fail(
      `${path}@${entry.version} has an install script nobody reviewed: read it, then add it to REVIEWED in scripts/check-install.mjs with why the package works without it`,
    );
}
for (const name of Object.keys(REVIEWED)) {
  if (!withScripts.some((found) => found.name === name))
    fail(`REVIEWED names ${name}, which no longer has an install script in package-lock.json: remove it`);
}

// 2. The reviewed packages work as installed (every copy of them in the tree).
for (const { path, name } of withScripts) {
  const requireThere = createRequire(join(root, path, 'package.json'));
  try {
    if (name === 'esbuild') {
      const { code } = requireThere(join(root, path)).transformSync('let a: number = 1', { loader: 'ts' });
      if (!code.includes('let a = 1')) fail(`${path}: esbuild transformed to ${JSON.stringify(code)}`);
    } else if (name === 'onnxruntime-node') {
      const backends = requireThere(join(root, path))
        .listSupportedBackends()
        .map((backend) => backend.name);
      if (!backends.includes('cpu')) fail(`${path}: no cpu backend (${backends.join(', ')})`);
    }
  } catch (error) {
    fail(`${path} does not work without its install script: ${error instanceof Error ? error.message : String(error)}`);
  }
}

// 3 and 4. Install scripts under the network guard.
const registry = new URL(run('npm', ['config', 'get', 'registry'], root).stdout.trim());
const work = mkdtempSync(join(tmpdir(), 'dialwise-install-check-'));
const reached = [];
const proxy = createServer((request, response) => {
  reached.push(new URL(request.url ?? '/', 'http://unknown').host);
  response.writeHead(403).end();
});
proxy.on('connect', (request, socket) => {
  reached.push(request.url ?? '?');
  socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
});
await new Promise((done) => proxy.listen(0, '127.0.0.1', done));
const proxyUrl = `http://127.0.0.1:${proxy.address().port}`;
const guardLog = join(work, 'guard.log');
const guardModule = join(work, 'guard.cjs');
writeFileSync(guardModule, guardSource());

/** Runs `npm rebuild` in `cwd` under the guard; answers every host a script reached or tried to. */
function rebuildGuarded(cwd, extraArgs) {
  reached.length = 0;
  writeFileSync(guardLog, '');
  const env = {
    ...process.env,
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --require ${guardModule}`.trim(),
    DIALWISE_GUARD_LOG: guardLog,
    DIALWISE_GUARD_ALLOW: `${registry.hostname},127.0.0.1,localhost`,
  };
  for (const name of [
    'HTTP_PROXY',
    'HTTPS_PROXY',
    'http_proxy',
    'https_proxy',
    'ALL_PROXY',
    'all_proxy',
    'GLOBAL_AGENT_HTTP_PROXY',
    'GLOBAL_AGENT_HTTPS_PROXY',
  ]) {
    env[name] = proxyUrl;
  }
  for (const name of ['NO_PROXY', 'no_proxy', 'GLOBAL_AGENT_NO_PROXY']) delete env[name];
  // Asynchronous: the proxy answers from this process's event loop while npm runs.
  return new Promise((done) => {
    const child = spawn('npm', ['rebuild', '--foreground-scripts', ...extraArgs], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (status) => {
      const guarded = readFileSync(guardLog, 'utf8').split('\n').filter(Boolean);
      done({ status, output, hosts: [...new Set([...reached, ...guarded])] });
    });
  });
}

// 4 first: a package whose postinstall reaches out must be caught, or the guard proves nothing.
const fixture = join(work, 'fixture');
mkdirSync(join(fixture, 'node_modules', 'reaches-out'), { recursive: true });
writeFileSync(
  join(fixture, 'package.json'),
  JSON.stringify({ name: 'fixture', version: '1.0.0', dependencies: { 'reaches-out': '1.0.0' } }),
);
writeFileSync(
  join(fixture, 'node_modules', 'reaches-out', 'package.json'),
  JSON.stringify({ name: 'reaches-out', version: '1.0.0', scripts: { postinstall: 'node fetch.cjs' } }),
);
writeFileSync(
  join(fixture, 'node_modules', 'reaches-out', 'fetch.cjs'),
  "require('node:https').get('https://downloads.example.invalid/gpu.zip', () => {}).on('error', () => {});\n" +
    "require('node:net').connect(443, 'cdn.example.invalid').on('error', () => {});\n",
);
const caught = await rebuildGuarded(fixture, ['--ignore-scripts=false']);
for (const host of ['downloads.example.invalid', 'cdn.example.invalid']) {
  if (!caught.hosts.some((seen) => seen.startsWith(host))) {
    fail(
      `the network guard missed ${host} in a script that reaches it (saw: ${caught.hosts.join(', ') || 'nothing'}): the check cannot be trusted\n${caught.output}`,
    );
  }
}

// 3. The project as installed: whatever scripts npm runs here, with the project's config.
const project = await rebuildGuarded(root, []);
if (project.status !== 0) fail(`npm rebuild failed (exit ${project.status}):\n${project.output}`);
const outside = project.hosts.filter((host) => !isAllowed(host));
if (outside.length > 0)
  fail(`install scripts reached outside the registry (${registry.hostname}): ${outside.join(', ')}\n${project.output}`);

proxy.close();
rmSync(work, { recursive: true, force: true });

if (failures.length > 0) {
  console.error(`Install check failed:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log(
  `Install check: ${withScripts.length} install scripts in the lockfile, each reviewed and its package working without it; ` +
    `npm rebuild reached no host but the registry; the guard caught a script that reaches out.`,
);

function isAllowed(host) {
  const name = host.replace(/:\d+$/, '');
  return name === registry.hostname || name === '127.0.0.1' || name === 'localhost';
}

function run(command, args, cwd) {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed: ${result.stderr}`);
  return result;
}

/** The module preloaded into every Node process the scripts start: writes down and refuses foreign hosts. */
function guardSource() {
  return `'use strict';
const { appendFileSync } = require('node:fs');
const net = require('node:net');
const dns = require('node:dns');
const allowed = new Set((process.env.DIALWISE_GUARD_ALLOW || '').split(','));
const log = process.env.DIALWISE_GUARD_LOG;
function refused(host) {
  if (!host || allowed.has(host) || net.isIP(host) && (host.startsWith('127.') || host === '::1')) return false;
  appendFileSync(log, host + '\\n');
  return true;
}
const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function (...args) {
  const options = typeof args[0] === 'object' && args[0] !== null ? (Array.isArray(args[0]) ? args[0][0] : args[0]) : { port: args[0], host: args[1] };
  const host = options && !options.path ? options.host || 'localhost' : undefined;
  if (refused(host)) {
    process.nextTick(() => this.destroy(new Error('dialwise install check: ' + host + ' is outside the registries')));
    return this;
  }
  return connect.apply(this, args);
};
const lookup = dns.lookup;
dns.lookup = function (host, ...rest) {
  const callback = rest[rest.length - 1];
  if (refused(host) && typeof callback === 'function') {
    const error = new Error('dialwise install check: ' + host + ' is outside the registries');
    error.code = 'ENOTFOUND';
    process.nextTick(() => callback(error));
    return {};
  }
  return lookup.call(this, host, ...rest);
};
`;
}
