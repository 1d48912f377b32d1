import { Transform, type Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { DNC_LIMITS, ErrorCode, normalizeDncPhone, type DncImportResult } from '@dialwise/contracts';
import type { ActionContext } from '../auth/actor.ts';
import { companyScope } from '../auth/company-scope.ts';
import { requireFeature } from '../entitlements/require-feature.ts';
import { AppError } from '../http/app-error.ts';
import { csvFailure } from '../http/csv-failure.ts';
import { feedRequestBody, joinStages } from '../http/request-body.ts';
import { insertDnc } from './change-dnc.ts';

const PHONE_HEADERS = ['phone', 'phonenumber', 'phone_number', 'number', 'mobile', '电话', '手机号', '号码'];
const REJECT_LIST_MAX = 1000;

/**
 * Imports a CSV of numbers: a column named like a phone column, else the first one; a first row that is not
 * a number is read as the header. Every valid number is added in one transaction; bad rows come back with
 * their line. The body is streamed, so the file never sits whole in memory.
 */
export async function importDnc(ctx: ActionContext, body: Readable, companyId: string | undefined, note: string): Promise<DncImportResult> {
  const scope = await companyScope(ctx, companyId);
  await requireFeature(ctx.db, scope.companyId, 'doNotCall');
  const phones = new Set<string>();
  const rejected: DncImportResult['rejected'] = [];
  let column = 0;
  let line = 0;
  let rejectedCount = 0;
  // Any stage's failure (the client gone, the meter refusing, the parser) makes the loop below throw it:
  // the request is answered, never left to an unhandled 'error' event (see http/request-body.ts).
  const records = joinStages(
    feedRequestBody(body, meter(DNC_LIMITS.importBytes)),
    parse({ bom: true, relax_column_count: true, skip_empty_lines: true, trim: true, max_record_size: 64 * 1024 }),
  );
  try {
    for await (const record of records as AsyncIterable<string[]>) {
      line += 1;
      if (line === 1) {
        const header = record.map((cell) => cell.toLowerCase().replace(/\s/g, ''));
        const named = header.findIndex((cell) => PHONE_HEADERS.includes(cell));
        if (named >= 0 || normalizeDncPhone(record[0] ?? '') === null) {
          column = Math.max(named, 0);
          continue;
        }
      }
      const value = record[column] ?? '';
      const phone = normalizeDncPhone(value);
      if (phone) phones.add(phone);
      else {
        rejectedCount += 1;
        if (rejected.length < REJECT_LIST_MAX) rejected.push({ line, value, reason: 'v.phone' });
      }
    }
  } catch (error) {
    throw csvFailure(error);
  }
  if (phones.size === 0 && rejectedCount === 0) throw new AppError(ErrorCode.VALIDATION, 'e.dnc.importEmpty');
  const change =
    phones.size === 0
      ? { added: 0, alreadyListed: 0, removed: 0 }
      : await ctx.db.transaction((tx) => insertDnc(tx, ctx, scope.companyId, [...phones], note, 'csv'));
  return { ...change, rejected };
}

/** Counts the bytes going through and fails the stream once they pass `limit` (a custom body parser bypasses bodyLimit). */
function meter(limit: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > limit) done(new AppError(ErrorCode.VALIDATION, 'e.dnc.importTooLarge'));
      else done(null, chunk);
    },
  });
}
