import { and, eq, sql } from 'drizzle-orm';
import {
  ALWAYS_ON_RULES,
  RULE_KEYS,
  SERVICE_KEYS,
  maskSubtaskPhone,
  translate,
  type CardSwitch,
  type Locale,
  type QualityInspection,
  type RulePreset,
  type ServiceCard,
} from '@dialwise/contracts';
import type { ActionContext } from '../auth/actor.ts';
import { auditWho, recordAudit } from '../db/record-audit.ts';
import { templateSwitches } from '../db/schema.ts';
import { lastDays, type Stats } from './call-stats.ts';
import { TREND_DAYS } from './get-analysis.ts';

const SERVICE_ICONS: Record<(typeof SERVICE_KEYS)[number], string> = {
  callAnalysis: 'IconBulb',
  recording: 'IconSound',
  redial: 'IconRefresh',
  callback: 'IconLink',
};

async function switchesOf(ctx: ActionContext, kind: 'service' | 'rule'): Promise<Map<string, boolean>> {
  const rows = await ctx.db
    .select({ key: templateSwitches.key, enabled: templateSwitches.enabled })
    .from(templateSwitches)
    .where(and(eq(templateSwitches.companyId, ctx.actor.companyId), eq(templateSwitches.kind, kind)));
  return new Map(rows.map((r) => [r.key, r.enabled]));
}

export async function listServices(ctx: ActionContext, locale: Locale): Promise<ServiceCard[]> {
  const saved = await switchesOf(ctx, 'service');
  return SERVICE_KEYS.map((id) => ({
    id,
    icon: SERVICE_ICONS[id],
    title: translate(`card.service.${id}.title`, locale),
    description: translate(`card.service.${id}.desc`, locale),
    // On until the company turns it off (`switchOn`, which the dialer reads).
    enable: saved.get(id) ?? true,
    actionType: 'button' as const,
    expires: false,
  }));
}

export async function listRulePresets(ctx: ActionContext, locale: Locale): Promise<RulePreset[]> {
  const saved = await switchesOf(ctx, 'rule');
  return RULE_KEYS.map((id) => ({
    id,
    title: translate(`card.rule.${id}.title`, locale),
    description: translate(`card.rule.${id}.desc`, locale),
    enable: ALWAYS_ON_RULES.includes(id) || (saved.get(id) ?? true),
    actionType: 'switch' as const,
    alwaysOn: ALWAYS_ON_RULES.includes(id),
  }));
}

/**
 * Stores one service's or rule's switch for the caller's company (ADMIN); answers the new state. The dialer
 * reads it from the next call on (`switchOn`); the always-on rules are refused by the schema.
 */
export async function setCardSwitch(ctx: ActionContext, input: CardSwitch): Promise<boolean> {
  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(templateSwitches)
      .values({ companyId: ctx.actor.companyId, kind: input.kind, key: input.id, enabled: input.enable })
      .onConflictDoUpdate({
        target: [templateSwitches.companyId, templateSwitches.kind, templateSwitches.key],
        set: { enabled: input.enable, updatedAt: new Date() },
      });
    await recordAudit(tx, auditWho(ctx), {
      action: 'update',
      entity: `${input.kind}Switch`,
      entityId: input.id,
      changes: { enable: input.enable },
    });
  });
  return input.enable;
}

/**
 * `GET /api/list/quality-inspection`: a quality card per task that dialled this week: its calls, connect
 * rate, share of connected calls analysed and average talk time; the description names the project and
 * the last number called (masked).
 */
export async function listQualityInspection(s: Stats, locale: Locale): Promise<QualityInspection[]> {
  const range = await lastDays(s, TREND_DAYS);
  const result = await s.db.execute<{
    id: string;
    name: string;
    project: string;
    enc: 'PLAIN_TEXT';
    calls: number;
    connected: number;
    analysed: number;
    talk: string;
    last_phone: string;
  }>(sql`
    select t.id, t.name, p.name as project, p.encryption_type as enc,
      count(*)::int as calls,
      count(*) filter (where c.status = 'connected')::int as connected,
      count(*) filter (where c.analysis_state = 'done')::int as analysed,
      coalesce(sum(c.duration_ms) filter (where c.status = 'connected'), 0)::bigint as talk,
      (array_agg(c.phone order by c.placed_at desc))[1] as last_phone
    from calls c join tasks t on t.id = c.task_id join projects p on p.id = c.project_id
    where c.company_id = ${s.companyId} and c.ended_at is not null
      and c.placed_at >= ${range.start.toISOString()}::timestamptz and c.placed_at < ${range.end.toISOString()}::timestamptz
    group by t.id, t.name, p.name, p.encryption_type order by calls desc limit 12`);
  const pct = (a: number, b: number) => (b === 0 ? '0%' : `${Math.round((a / b) * 1000) / 10}%`);
  return result.rows.map((r) => {
    const connected = Number(r.connected);
    const avgSeconds = connected === 0 ? 0 : Math.round(Number(r.talk) / connected / 1000);
    return {
      id: r.id,
      name: r.project,
      title: r.name,
      description: `${r.project} · ${maskSubtaskPhone(r.enc, r.last_phone)}`,
      data: [
        { label: translate('card.quality.calls', locale), value: Number(r.calls).toLocaleString(locale) },
        { label: translate('card.quality.connectRate', locale), value: pct(connected, Number(r.calls)) },
        { label: translate('card.quality.analysed', locale), value: pct(Number(r.analysed), connected) },
        {
          label: translate('card.quality.avgTalk', locale),
          value: `${Math.floor(avgSeconds / 60)}:${String(avgSeconds % 60).padStart(2, '0')}`,
        },
      ],
    };
  });
}
