import { randomBytes } from 'node:crypto';
import type { Writable } from 'node:stream';
import { afterAll, beforeEach, inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { COMPANY_CONCURRENCY, COMPANY_FEATURES, type Role } from '@dialwise/contracts';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { companies, users } from '../src/db/schema.ts';
import { hashPassword } from '../src/auth/passwords.ts';
// The provided values (pgliteTemplate, postgresTemplate) are declared by the global setup.
import type {} from './database-template.ts';
import { createScratchDatabase } from './scratch-database.ts';

/** A clock tests move by hand, so expiry and throttling windows are tested without waiting. */
export class TestClock {
  private offsetMs = 0;
  now = (): Date => new Date(Date.now() + this.offsetMs);
  advance(ms: number) {
    this.offsetMs += ms;
  }
  reset() {
    this.offsetMs = 0;
  }
}

export interface TestServer {
  app: FastifyInstance;
  database: Database;
  clock: TestClock;
  /** The PostgreSQL URL of this file's database (unset on PGlite): a second connection, as another process would open. */
  url?: string;
}

/**
 * Opens one database for the test file — PGlite in memory, or a fresh database on the PostgreSQL of
 * DATABASE_URL — and one app on it; every table is emptied before each test. `log` receives the server's
 * log lines (pino JSON, level info and up) for tests of what is logged; without it the server logs nothing.
 */
export function useTestServer(overrides: Partial<Config> = {}, options: { log?: Writable } = {}): TestServer {
  const holder = {} as TestServer;
  let dropDatabase: (() => Promise<void>) | undefined;

  beforeEach(async () => {
    if (!holder.app) {
      const baseUrl = process.env.DATABASE_URL;
      let url: string | undefined;
      if (baseUrl) {
        const scratch = await createScratchDatabase(baseUrl, 'dialwise_test', inject('postgresTemplate'));
        url = scratch.url;
        dropDatabase = scratch.drop;
      }
      holder.database = await openDatabase({ url, dataDir: 'memory://', template: url ? undefined : inject('pgliteTemplate') });
      holder.url = url;
      holder.clock = new TestClock();
      const config = {
        ...loadConfig({}, []),
        databaseUrl: url,
        webDist: '/nonexistent',
        logLevel: 'silent',
        secretKey: randomBytes(32).toString('base64'),
        dialer: false,
        ...overrides,
      };
      const logger = options.log ? { level: 'info', stream: options.log } : false;
      holder.app = await buildApp({ config, db: holder.database, clock: holder.clock, logger });
      await holder.app.ready();
    }
    holder.clock.reset();
    const tables = await holder.database.db.execute<{ tablename: string }>(
      sql`select tablename from pg_tables where schemaname = 'public'`,
    );
    const names = tables.rows.map((t) => `"${t.tablename}"`).join(', ');
    // The previous test's server may still be winding down work a client abandoned (an upload dropped mid-body
    // rolls back after its answer): on PostgreSQL the truncate can then meet its locks in the other order and be
    // chosen as a deadlock's victim. It is run again; the other side has finished by then.
    for (let attempt = 1; names; attempt += 1) {
      try {
        await holder.database.db.execute(sql.raw(`truncate ${names} restart identity cascade`));
        break;
      } catch (error) {
        const code = (error as { cause?: { code?: string } }).cause?.code;
        if (code !== '40P01' || attempt >= 5) throw error;
      }
    }
    // A fresh throttle per test: failures recorded by one test must not lock out the next.
    holder.app.loginThrottle['failures'].clear();
  });

  afterAll(async () => {
    await holder.app?.close();
    await holder.database?.close();
    await dropDatabase?.();
  });

  return holder;
}

export const PASSWORD = 'Secret#2026';
let cachedHash: Promise<string> | undefined;

export interface Seeded {
  providerId: string;
  companyId: string;
  otherCompanyId: string;
}

/** Two customer companies (to test isolation) and the provider; accounts are created by `addUser`. */
export async function seedCompanies(server: TestServer): Promise<Seeded> {
  const db = server.database.db;
  const [provider] = await db
    .insert(companies)
    .values({ name: 'Provider', suffix: 'prov', adminEmail: 'p@x.test', isProvider: true })
    .returning();
  // Customer companies with every feature on and no practical concurrency cap, as the demo's; tests of a
  // permission turn it off themselves. Number reveal stays off, the default.
  const permissions = { numberReveal: false, maxConcurrency: COMPANY_CONCURRENCY.max, features: [...COMPANY_FEATURES] };
  const [company] = await db.insert(companies).values({ name: 'Acme', suffix: 'acme', adminEmail: 'a@x.test', permissions }).returning();
  const [other] = await db.insert(companies).values({ name: 'Globex', suffix: 'globex', adminEmail: 'g@x.test', permissions }).returning();
  return { providerId: provider!.id, companyId: company!.id, otherCompanyId: other!.id };
}

export async function addUser(
  server: TestServer,
  companyId: string,
  username: string,
  role: Role,
  extra: Partial<typeof users.$inferInsert> = {},
) {
  cachedHash ??= hashPassword(PASSWORD);
  const [user] = await server.database.db
    .insert(users)
    .values({
      companyId,
      username,
      alias: `${username}-alias`,
      authLevel: role,
      passwordHash: await cachedHash,
      ...extra,
    })
    .returning();
  return user!;
}

export interface Answer<T = unknown> {
  status: number;
  body: { code: number; message: string; data: T; traceId: string };
  headers: Record<string, unknown>;
  cookies: { name: string; value: string }[];
}

export async function call<T = unknown>(
  server: TestServer,
  url: string,
  options: { body?: unknown; token?: string; cookie?: string; headers?: Record<string, string>; remoteAddress?: string } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.cookie) headers.cookie = `Authorization=${options.cookie}`;
  const response = await server.app.inject({
    method: 'POST',
    url,
    headers,
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    ...(options.body === undefined ? {} : { payload: options.body as object }),
  });
  return { status: response.statusCode, body: response.json(), headers: response.headers, cookies: response.cookies };
}

let loginCount = 0;

/**
 * Signs in with the test password. Each sign-in comes from its own client address (the socket's), so a
 * test file may sign in more often than the per-address flood limit (60 a minute) allows; the throttling
 * tests call /api/user/login directly and keep one address.
 */
export async function login(
  server: TestServer,
  username: string,
  role: 'admin' | 'agent',
  extra: { force?: boolean; remember?: boolean } = {},
) {
  loginCount += 1;
  const address = `10.${(loginCount >> 16) & 255}.${(loginCount >> 8) & 255}.${loginCount & 255}`;
  const answer = await call<{ token: string }>(server, '/api/user/login', {
    body: { username, password: PASSWORD, role, ...extra },
    remoteAddress: address,
  });
  if (answer.body.code !== 200) throw new Error(`login ${username} failed: ${answer.body.code} ${answer.body.message}`);
  return answer.body.data.token;
}

/**
 * The seeded companies with the usual cast, signed in: boss (ADMIN, with `bossFields`) and seat (OPR) in the
 * company, rival (ADMIN) in the other one.
 */
export async function seedCompanyStaff(server: TestServer, bossFields: Partial<typeof users.$inferInsert> = {}) {
  const seeded = await seedCompanies(server);
  await addUser(server, seeded.companyId, 'boss', 'ADMIN', bossFields);
  await addUser(server, seeded.companyId, 'seat', 'OPR');
  await addUser(server, seeded.otherCompanyId, 'rival', 'ADMIN');
  return {
    ...seeded,
    boss: await login(server, 'boss', 'admin'),
    seat: await login(server, 'seat', 'agent'),
    rival: await login(server, 'rival', 'admin'),
  };
}

/** A table whose rows an edit form changes (issue 15 point 8): it has an id and an edit version. */
type VersionedTable = PgTable & { id: AnyPgColumn; version: AnyPgColumn };

/**
 * The version the console would send with an edit of this row: its current one, as a form opened now reads
 * it. Tests that are not about the conflict itself send this; the conflict tests send an older one.
 */
export async function currentVersion(server: TestServer, table: VersionedTable, id: string): Promise<number> {
  const [row] = await server.database.db
    .select({ version: sql<number>`${table.version}` })
    .from(table)
    .where(sql`${table.id} = ${id}`);
  if (!row) throw new Error(`no row ${id} to edit`);
  return Number(row.version);
}
