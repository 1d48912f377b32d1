import { sql } from 'drizzle-orm';
import {
  translate,
  type ChartPoint,
  type DataOverview,
  type Locale,
  type PopularAuthor,
  type PopularItem,
  type QuotaResult,
  type SeriesChart,
} from '@dialwise/contracts';
import { busiest, byHourOfDay, daily, dayLabel, growth, lastDays, sums, type Stats } from './call-stats.ts';

/** Days a trend covers; the multi-dimension overview reads 8, as the template's mock did. */
export const TREND_DAYS = 7;
export const OVERVIEW_DAYS = 8;

/** `GET /api/content-data`: calls placed per day (the workplace trend). */
export async function getContentData(s: Stats): Promise<ChartPoint[]> {
  const points = await daily(s, TREND_DAYS, ['total']);
  return points.map((p) => ({ x: dayLabel(p), y: p.sums.total ?? 0 }));
}

const POPULAR_GROUP = { text: 'task', image: 'line', video: 'project' } as const;

/** `GET /api/popular/list`: the busiest tasks (text), lines (image) or projects (video) this week, with the change on last week. */
export async function getPopular(s: Stats, type: keyof typeof POPULAR_GROUP): Promise<PopularItem[]> {
  const range = await lastDays(s, TREND_DAYS);
  const previous = await lastDays(s, TREND_DAYS, TREND_DAYS);
  const rows = await busiest(s, POPULAR_GROUP[type], range, previous, 10);
  return rows.map((r) => ({ key: r.key, title: r.title, clickNumber: r.placed, increases: growth(r.placed, r.previous) }));
}

type Measure = (x: Record<string, number>) => number;
const OPINION: Record<string, { columns: string[]; value: Measure }> = {
  visitors: { columns: ['total'], value: (x) => x.total ?? 0 },
  comment: { columns: ['connected'], value: (x) => x.connected ?? 0 },
  published: { columns: ['transfer_success'], value: (x) => x.transfer_success ?? 0 },
  other: { columns: ['duration_ms'], value: (x) => Math.round((x.duration_ms ?? 0) / 60_000) },
};
const CHAIN: Record<string, { columns: string[]; value: Measure }> = {
  calls: { columns: ['total'], value: (x) => x.total ?? 0 },
  connectRate: {
    columns: ['total', 'connected'],
    value: (x) => ((x.total ?? 0) === 0 ? 0 : Math.round(((x.connected ?? 0) / x.total!) * 1000) / 10),
  },
  transfers: { columns: ['transfer_success'], value: (x) => x.transfer_success ?? 0 },
  talkSeconds: {
    columns: ['connected', 'duration_ms'],
    value: (x) => ((x.connected ?? 0) === 0 ? 0 : Math.round((x.duration_ms ?? 0) / x.connected! / 1000)),
  },
};

async function quota(s: Stats, days: number, measure: { columns: string[]; value: Measure }): Promise<QuotaResult> {
  const points = await daily(s, days, measure.columns);
  const now = await sums(s, await lastDays(s, days));
  const before = await sums(s, await lastDays(s, days, days));
  return {
    count: measure.value(now),
    growth: growth(measure.value(now), measure.value(before)),
    chartData: points.map((p) => ({ x: dayLabel(p), y: measure.value(p.sums) })),
  };
}

/** `POST /api/public-opinion-analysis`: visitors = calls placed, comment = connected, published = transfers, other = talk minutes. */
export function getOpinion(s: Stats, quotaName: keyof typeof OPINION): Promise<QuotaResult> {
  return quota(s, TREND_DAYS, OPINION[quotaName]!);
}

/** `POST /api/data-chain-growth`: calls, connect rate (%), transfers, average talk seconds. */
export function getChainGrowth(s: Stats, quotaName: keyof typeof CHAIN): Promise<QuotaResult> {
  return quota(s, OVERVIEW_DAYS, CHAIN[quotaName]!);
}

/** `GET /api/content-period-analysis`: calls placed and connected per hour of the day over the week. */
export async function getPeriodAnalysis(s: Stats, locale: Locale): Promise<SeriesChart> {
  const hours = await byHourOfDay(s, await lastDays(s, TREND_DAYS));
  return {
    xAxis: hours.map((h) => `${String(h.hour).padStart(2, '0')}:00`),
    data: [
      { name: translate('chart.placed', locale), value: hours.map((h) => h.placed) },
      { name: translate('chart.connected', locale), value: hours.map((h) => h.connected) },
    ],
  };
}

/** `GET /api/content-publish`: calls per SIP line per day (the five busiest lines). */
export async function getContentPublish(s: Stats): Promise<SeriesChart> {
  const range = await lastDays(s, TREND_DAYS);
  const days = (await daily(s, TREND_DAYS, ['total'])).map(dayLabel);
  const result = await s.db.execute<{ name: string; day: string; n: number }>(sql`
    with top as (
      select c.sip_line_id as id from calls c
      where c.company_id = ${s.companyId} and c.ended_at is not null
        and c.placed_at >= ${range.start.toISOString()}::timestamptz and c.placed_at < ${range.end.toISOString()}::timestamptz
      group by 1 order by count(*) desc limit 5
    )
    select l.alias as name, to_char(c.placed_at at time zone ${s.timeZone}, 'YYYY-MM-DD') as day, count(*)::int as n
    from calls c join top on top.id = c.sip_line_id join sip_lines l on l.id = c.sip_line_id
    where c.company_id = ${s.companyId} and c.ended_at is not null
      and c.placed_at >= ${range.start.toISOString()}::timestamptz and c.placed_at < ${range.end.toISOString()}::timestamptz
    group by 1, 2`);
  const byLine = new Map<string, Map<string, number>>();
  for (const row of result.rows) {
    if (!byLine.has(row.name)) byLine.set(row.name, new Map());
    byLine.get(row.name)!.set(row.day, Number(row.n));
  }
  return {
    xAxis: days,
    data: [...byLine.entries()].map(([name, counts]) => ({ name, value: days.map((d) => counts.get(d) ?? 0) })),
  };
}

/**
 * `GET /api/popular-author/list`: the people whose tasks placed the most calls this week (author = the
 * task's creator, contentCount = their tasks that dialled, clickCount = the calls).
 */
export async function getPopularAuthors(s: Stats): Promise<{ list: PopularAuthor[] }> {
  const range = await lastDays(s, TREND_DAYS);
  const result = await s.db.execute<{ author: string; tasks: number; calls: number }>(sql`
    select coalesce(nullif(u.alias, ''), u.username, '—') as author, count(distinct c.task_id)::int as tasks, count(*)::int as calls
    from calls c join tasks t on t.id = c.task_id left join users u on u.id = t.created_by
    where c.company_id = ${s.companyId} and c.ended_at is not null
      and c.placed_at >= ${range.start.toISOString()}::timestamptz and c.placed_at < ${range.end.toISOString()}::timestamptz
    group by 1 order by calls desc, author limit 10`);
  return {
    list: result.rows.map((r, i) => ({ ranking: i + 1, author: r.author, contentCount: Number(r.tasks), clickCount: Number(r.calls) })),
  };
}

/** `GET /api/data-overview`: placed, connected, missed and transfers per day over 8 days, with their totals. */
export async function getDataOverview(s: Stats, locale: Locale): Promise<DataOverview> {
  const columns = ['total', 'connected', 'missed', 'transfer_success'];
  const names = ['chart.placed', 'chart.connected', 'chart.missed', 'chart.transfers'];
  const points = await daily(s, OVERVIEW_DAYS, columns);
  const series = columns.map((column, i) => ({ name: translate(names[i]!, locale), value: points.map((p) => p.sums[column] ?? 0) }));
  return {
    overview: series.map((x) => ({ name: x.name, count: x.value.reduce((a, b) => a + b, 0) })),
    xAxis: points.map(dayLabel),
    data: series,
  };
}
