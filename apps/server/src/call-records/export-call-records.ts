import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { CALL_RECORD_LIMITS, ErrorCode, translate, type CallRecordFilter, type Locale } from '@dialwise/contracts';
import type { ActionContext } from '../auth/actor.ts';
import { auditWho, recordAudit } from '../db/record-audit.ts';
import { calls, companies } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { getCompanyPermissions } from '../entitlements/get-company-permissions.ts';
import { callFilterConditions } from './call-filters.ts';
import { callRecordColumns, toCallRecord, type CallRecordRow } from './call-record-row.ts';
import { csvLine, formatWallClock, UTF8_BOM } from '@dialwise/contracts';
import { visibleCalls } from './visible-calls.ts';
import { joinProjectAndTask } from '../db/join-project-and-task.ts';

export interface CallRecordExport {
  filename: string;
  /** The CSV, produced batch by batch as the reader pulls it. */
  chunks: AsyncGenerator<string>;
}

/**
 * The filtered call records as CSV, numbers masked exactly as the list shows them. Checked and audited
 * up front (the company needs the `csvExport` feature: 403 otherwise; the entry records the filters);
 * then rows are read in batches with a keyset cursor on (placed_at, id) — the list's own order and
 * indexes — so memory stays flat and a slow download holds no transaction open. Times are written in
 * the company's time zone; headers and values in the caller's language; UTF-8 with a BOM for Excel.
 */
export async function exportCallRecords(
  ctx: ActionContext,
  filter: CallRecordFilter,
  locale: Locale,
  now: Date,
): Promise<CallRecordExport> {
  const permissions = await getCompanyPermissions(ctx.db, ctx.actor.companyId);
  if (!permissions.features.includes('csvExport')) throw new AppError(ErrorCode.FORBIDDEN, 'e.callRecords.exportDisabled');
  const [company] = await ctx.db
    .select({ timezone: companies.timezone })
    .from(companies)
    .where(eq(companies.id, ctx.actor.companyId))
    .limit(1);
  const timeZone = company?.timezone ?? 'UTC';
  await ctx.db.transaction((tx) =>
    recordAudit(tx, auditWho(ctx), {
      action: 'export',
      entity: 'call_records',
      entityId: null,
      changes: { filter: { ...filter } },
    }),
  );
  return { filename: `call-records-${stamp(now, timeZone)}.csv`, chunks: rows(ctx, filter, locale, timeZone) };
}

async function* rows(ctx: ActionContext, filter: CallRecordFilter, locale: Locale, timeZone: string): AsyncGenerator<string> {
  const t = (key: string) => translate(key, locale);
  yield UTF8_BOM +
    csvLine([
      `${t('csv.placedAt')} (${timeZone})`,
      t('csv.project'),
      t('csv.task'),
      t('csv.phone'),
      t('csv.timeZone'),
      t('csv.status'),
      t('csv.outcome'),
      t('csv.duration'),
      t('csv.transfer'),
      t('csv.tags'),
      t('csv.sipStatus'),
      t('csv.attempt'),
      t('csv.id'),
    ]);
  const ascending = filter.sort === 'asc';
  const base = and(visibleCalls(ctx), callFilterConditions(filter));
  // The cursor keeps placed_at as PostgreSQL's own text (microseconds): a JS Date would round it to ms.
  let cursor: { at: string; id: string } | null = null;
  for (;;) {
    const after: SQL | undefined =
      cursor === null
        ? undefined
        : ascending
          ? sql`(${calls.placedAt}, ${calls.id}) > (${cursor.at}::timestamptz, ${cursor.id}::uuid)`
          : sql`(${calls.placedAt}, ${calls.id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`;
    const batch: (CallRecordRow & { cursorAt: string })[] = (await joinProjectAndTask(
      ctx.db
        .select({
          ...callRecordColumns,
          cursorAt: sql<string>`${calls.placedAt}::text`,
        })
        .from(calls)
        .$dynamic(),
    )
      .where(and(base, after))
      .orderBy(...(ascending ? [asc(calls.placedAt), asc(calls.id)] : [desc(calls.placedAt), desc(calls.id)]))
      .limit(CALL_RECORD_LIMITS.exportBatch)) as (CallRecordRow & { cursorAt: string })[];
    if (batch.length === 0) return;
    let text = '';
    for (const row of batch) {
      const record = toCallRecord(row);
      text += csvLine([
        formatWallClock(row.placedAt, timeZone, { seconds: true }),
        record.projectName,
        record.taskName,
        record.phone,
        // Every zone the number may be in, as the drawer lists them; an unplaced number is called on the company's clock.
        record.timeZones.length > 0 ? record.timeZones.join(' ') : t('csv.zoneUnplaced'),
        t(`call.state.${record.state}`),
        record.outcome ? t(`call.outcome.${record.outcome}`) : '',
        Math.round(record.durationMs / 1000),
        t(`call.transfer.${record.transferOutcome}`),
        record.tags.join(' '),
        record.sipStatus,
        record.attempt,
        record.id,
      ]);
    }
    yield text;
    const last = batch[batch.length - 1]!;
    cursor = { at: last.cursorAt, id: last.id };
    if (batch.length < CALL_RECORD_LIMITS.exportBatch) return;
  }
}

/** 20260314-093000 in the company's time zone. */
function stamp(now: Date, timeZone: string): string {
  return formatWallClock(now, timeZone, { seconds: true }).replace(/[-:]/g, '').replace(' ', '-');
}
