import type { SipLine } from '@dialwise/contracts';
import type { sipLines } from '../db/schema.ts';

type SipLineRow = typeof sipLines.$inferSelect;

/** The line as the API answers it: the sealed password never leaves the server, only that one is set. */
export function toSipLine(row: SipLineRow, createUser: string | null): SipLine {
  return {
    id: row.id,
    version: row.version,
    companyId: row.companyId,
    ...auditedFields(row),
    hasPassword: row.passwordSealed.length > 0,
    createUser,
    createTime: row.createdAt.toISOString(),
    updateTime: row.updatedAt.toISOString(),
  };
}

/** What an audit entry shows of a line: everything but the password. */
export function auditedFields(
  row: Omit<SipLineRow, 'id' | 'version' | 'companyId' | 'passwordSealed' | 'createdBy' | 'createdAt' | 'updatedAt'>,
) {
  return {
    alias: row.alias,
    concurrency: row.concurrency,
    cps: row.cps,
    status: row.status,
    trunk: row.trunk,
    sipUsername: row.sipUsername,
    domain: row.domain,
    port: row.port,
  };
}
