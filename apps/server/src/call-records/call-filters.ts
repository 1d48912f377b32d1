import { createHash } from 'node:crypto';
import { and, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { PHONE_PATTERN, type CallRecordFilter } from '@dialwise/contracts';
import { calls } from '../db/schema.ts';

/**
 * The stored forms a typed number may have, one per encryption type, so one exact match finds it in any
 * project: as typed (PLAIN_TEXT, or a CUSTOM token), its hex encoding (HEX), its MD5 (MD5). An exact
 * match keeps the (company, phone, placed_at) index in use and never lets a masked list be searched
 * digit by digit.
 */
export function phoneCandidates(typed: string): string[] {
  const candidates = new Set([typed]);
  if (PHONE_PATTERN.test(typed)) {
    candidates.add(Buffer.from(typed, 'latin1').toString('hex'));
    candidates.add(createHash('md5').update(typed).digest('hex'));
  }
  if (/^[0-9a-fA-F]+$/.test(typed)) candidates.add(typed.toLowerCase());
  return [...candidates];
}

/** The filter form as SQL conditions on `calls` (none for what is not set). */
export function callFilterConditions(filter: CallRecordFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    filter.projectId ? eq(calls.projectId, filter.projectId) : undefined,
    filter.taskId ? eq(calls.taskId, filter.taskId) : undefined,
    filter.phone ? inArray(calls.phone, phoneCandidates(filter.phone)) : undefined,
    filter.startTime ? gte(calls.placedAt, new Date(filter.startTime)) : undefined,
    filter.endTime ? lte(calls.placedAt, new Date(filter.endTime)) : undefined,
    filter.status ? eq(calls.status, filter.status) : undefined,
    filter.minDuration !== undefined ? gte(calls.durationMs, filter.minDuration * 1000) : undefined,
    // A whole second: "at most 30 s" keeps a call of 30.4 s.
    filter.maxDuration !== undefined ? sql`${calls.durationMs} < ${(filter.maxDuration + 1) * 1000}` : undefined,
    filter.tags && filter.tags.length > 0
      ? sql`${calls.tags} && ${sql.raw('ARRAY[')}${sql.join(
          filter.tags.map((tag) => sql`${tag}`),
          sql`, `,
        )}${sql.raw(']::text[]')}`
      : undefined,
    filter.transferOutcome ? eq(calls.transferOutcome, filter.transferOutcome) : undefined,
    filter.kind ? eq(calls.test, filter.kind === 'test') : undefined,
  ];
  return and(...conditions);
}
