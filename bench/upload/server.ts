// The server under test, in its own process so its peak RSS is its own: the real app on PGlite (DATA_DIR)
// or PostgreSQL (DATABASE_URL). Prints "READY <port>" once it listens.
import { buildApp } from '@dialwise/server/src/app.ts';
import { loadConfig } from '@dialwise/server/src/config.ts';
import { openDatabase } from '@dialwise/server/src/db/client.ts';

const config = { ...loadConfig(), webDist: '/nonexistent', logLevel: 'warn' };
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
const app = await buildApp({ config, db: database, logger: { level: 'warn' } });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(`READY ${typeof address === 'object' && address ? address.port : 0}`);
process.once('SIGTERM', async () => {
  await app.close();
  await database.close();
  process.exit(0);
});
