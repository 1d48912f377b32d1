import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { bootstrapProvider } from './demo/bootstrap-provider.ts';
import { isEmpty, seedDemo, type SeededAccount } from './demo/seed-demo.ts';
import { buildApp } from './app.ts';
import { configureOutbound } from './net/outbound-guard.ts';
import { DEMO_MODEL_PATH } from './demo/seed-demo.ts';
import { SecretBox } from './secrets/secret-box.ts';

const config = loadConfig();
let warnIdleError: ((error: Error) => void) | undefined;
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, onIdleError: (error) => warnIdleError?.(error) });

let created: SeededAccount[] = [];
let demo = false;
if (await isEmpty(database.db)) {
  if (config.seedDemo) {
    // The same key file the app's secret box opens, so the demo's sealed API key is readable.
    created = await seedDemo(
      database.db,
      config.demoPassword,
      SecretBox.load({ secretKey: config.secretKey, dataDir: config.dataDir }),
      config.port,
    );
    demo = true;
  } else {
    created = [await bootstrapProvider(database.db, process.env.INITIAL_DEV_PASSWORD)];
  }
}

// User-given URLs may not reach internal addresses, except the operator's list and, by design, this
// server's own demo model (the demo company's LLM URL is http://127.0.0.1:<port>/api/demo-llm/v1).
configureOutbound({ allowHosts: config.outboundAllowHosts, ownServer: { port: config.port, pathPrefix: DEMO_MODEL_PATH } });
const app = await buildApp({ config, db: database });
warnIdleError = (error) => app.log.warn({ err: error }, 'the database closed an idle connection; the next query opens a new one');
const shutdown = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);

await app.listen({ port: config.port, host: config.host });

const url = `http://localhost:${config.port}/`;
const lines = [
  '',
  `  Dialwise console   ${url}`,
  `  API docs           ${url}api/docs`,
  `  Database           ${database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
];
if (demo || config.seedDemo) {
  lines.push('', '  Demo accounts (sign in as "Admin" for ADMIN/DEV, as "Agent" for OPR):');
  const shown =
    created.length > 0
      ? created
      : [
          { username: 'admin', role: 'ADMIN' },
          { username: 'dev', role: 'DEV' },
          { username: 'agent', role: 'OPR' },
        ];
  for (const account of shown) lines.push(`    ${account.username.padEnd(8)} ${account.role.padEnd(6)} password ${config.demoPassword}`);
} else if (created.length > 0) {
  // The generated password goes to a file only its owner can read, never to the log.
  mkdirSync(config.dataDir, { recursive: true });
  const file = join(config.dataDir, 'initial-dev-password');
  writeFileSync(file, `${created[0]!.password}\n`, { mode: 0o600 });
  lines.push('', `  First sign-in: user "dev" (DEV); its password is in ${file} (change it, then delete the file)`);
}
console.log(lines.join('\n') + '\n');
