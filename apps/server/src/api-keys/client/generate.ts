import { writeFile } from 'node:fs/promises';
import { loadConfig } from '../../config.ts';
import { buildApp } from '../../app.ts';
import { openDatabase } from '../../db/client.ts';
import { clientTypes } from './integration-document.ts';

/** Writes schema.ts from the document the server publishes (an in-memory database; nothing else starts). */
const database = await openDatabase({ dataDir: 'memory://' });
const app = await buildApp({ config: { ...loadConfig({}, []), dialer: false, logLevel: 'silent', webDist: '/nonexistent' }, db: database });
await app.ready();
const target = new URL('./schema.ts', import.meta.url);
await writeFile(target, await clientTypes(app.swagger() as never));
await app.close();
await database.close();
console.log(`wrote ${target.pathname}`);
