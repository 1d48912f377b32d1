import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A throwaway database on the PostgreSQL of `baseUrl` (tests and benchmarks each get their own, so runs
 * never see each other's rows): its URL, and `drop()` to remove it, closing whatever is still connected.
 */
export async function createScratchDatabase(
  baseUrl: string,
  prefix = 'dialwise_scratch',
  /** A database to copy (CREATE DATABASE … TEMPLATE): it must have no open connection. */
  template?: string,
): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await admin.end();
  const parsed = new URL(baseUrl);
  parsed.pathname = `/${name}`;
  return {
    name,
    url: parsed.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
