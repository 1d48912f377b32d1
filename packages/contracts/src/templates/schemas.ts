import { z } from 'zod';
import { CALL_RECORD_STATUSES } from '../call-records/schemas.ts';
import { isoDateTime } from '../common/fields.ts';
import { roleSchema } from '../common/roles.ts';
import { seatStateSchema } from '../seat/protocol.ts';

/**
 * The Arco Design Pro template pages' shapes and calls (the template answers them from a mock; here the
 * server does). Where a shape can carry the product's own data it does (docs/templates.md says which).
 */

// ---- /list/search-table: the policy list ----
export const POLICY_CONTENT_TYPES = ['img', 'horizontalVideo', 'verticalVideo'] as const;
export const POLICY_FILTER_TYPES = ['artificial', 'rules'] as const;
export const POLICY_STATUSES = ['online', 'offline'] as const;
export const POLICY_NAME_MAX = 30;

export const policySchema = z.object({
  id: z.string(),
  number: z.string(),
  name: z.string(),
  contentType: z.enum(POLICY_CONTENT_TYPES),
  count: z.number().int(),
  status: z.enum(POLICY_STATUSES),
  filterType: z.enum(POLICY_FILTER_TYPES),
  createdTime: isoDateTime,
});
export type Policy = z.infer<typeof policySchema>;

const dayField = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'v.invalid' });

/** `current` defaults to 1 and `pageSize` to 10; the answer is `{list, total}`. */
export const policyQuerySchema = z.object({
  current: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
  number: z.string().trim().max(32, { error: 'v.tooLong' }).optional(),
  name: z.string().trim().max(POLICY_NAME_MAX, { error: 'v.tooLong' }).optional(),
  contentType: z.enum(POLICY_CONTENT_TYPES).optional(),
  filterType: z.enum(POLICY_FILTER_TYPES).optional(),
  status: z.enum(POLICY_STATUSES).optional(),
  /** Created on or after this day / on or before this day (the company's calendar is UTC here). */
  createdFrom: dayField.optional(),
  createdTo: dayField.optional(),
});
export type PolicyQuery = z.infer<typeof policyQuerySchema>;

export const policyCreateSchema = z.object({
  name: z.string().trim().min(1, { error: 'v.required' }).max(POLICY_NAME_MAX, { error: 'v.tooLong' }),
  contentType: z.enum(POLICY_CONTENT_TYPES),
  filterType: z.enum(POLICY_FILTER_TYPES),
  count: z.number().int().min(0, { error: 'v.min' }).max(1_000_000, { error: 'v.max' }).default(0),
});
export type PolicyCreate = z.input<typeof policyCreateSchema>;

export const policyStatusSchema = z.object({ id: z.uuid({ error: 'v.id' }), status: z.enum(POLICY_STATUSES) });
export type PolicyStatusChange = z.infer<typeof policyStatusSchema>;

// ---- /list/card ----
export const qualityInspectionSchema = z.object({
  id: z.string(),
  name: z.string(),
  title: z.string(),
  description: z.string(),
  data: z.array(z.object({ label: z.string(), value: z.string() })),
});
export type QualityInspection = z.infer<typeof qualityInspectionSchema>;

/**
 * The service cards and rule presets: a fixed catalogue of what the dialer does for every task of the
 * company, each on until the company turns it off (the switch is stored per company and read by the
 * dialer from the next call on — docs/templates.md):
 * - callAnalysis: connected calls go to the scenario's analysis stream (tags, summary);
 * - recording: each call is recorded to WAV;
 * - redial: busy, unanswered and voicemail numbers are called again as each task's redial settings say;
 * - callback: call events are posted to the scenario's callback URLs;
 * - circuitBreaker: a task whose calls keep failing on the line pauses itself.
 * The rules in ALWAYS_ON_RULES are guarantees (the do-not-call list, the call window, masked numbers):
 * listed so the page shows everything that applies, never switched off.
 */
export const SERVICE_KEYS = ['callAnalysis', 'recording', 'redial', 'callback'] as const;
export type ServiceKey = (typeof SERVICE_KEYS)[number];
export const RULE_KEYS = ['doNotCall', 'circuitBreaker', 'callWindow', 'maskNumbers'] as const;
export type RuleKey = (typeof RULE_KEYS)[number];
export const ALWAYS_ON_RULES: readonly RuleKey[] = ['doNotCall', 'callWindow', 'maskNumbers'];
export const serviceCardSchema = z.object({
  id: z.enum(SERVICE_KEYS),
  icon: z.string(),
  title: z.string(),
  description: z.string(),
  enable: z.boolean(),
  actionType: z.literal('button'),
  expires: z.boolean(),
});
export type ServiceCard = z.infer<typeof serviceCardSchema>;
export const rulePresetSchema = z.object({
  id: z.enum(RULE_KEYS),
  title: z.string(),
  description: z.string(),
  enable: z.boolean(),
  actionType: z.literal('switch'),
  /** A guarantee the product always applies (ALWAYS_ON_RULES): shown on, its switch disabled. */
  alwaysOn: z.boolean(),
});
export type RulePreset = z.infer<typeof rulePresetSchema>;

export const cardSwitchSchema = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('service'), id: z.enum(SERVICE_KEYS), enable: z.boolean() }),
    z.object({ kind: z.literal('rule'), id: z.enum(RULE_KEYS), enable: z.boolean() }),
  ])
  .refine((value) => value.kind !== 'rule' || !ALWAYS_ON_RULES.includes(value.id), { error: 'v.template.alwaysOn', path: ['id'] });
export type CardSwitch = z.infer<typeof cardSwitchSchema>;

// ---- /form/step: the channel form ----
export const CHANNEL_TYPES = ['app', 'site', 'game'] as const;
export const ACTIVITY_NAME_MAX = 20;
export const ADVERTISING_WORDS_MAX = 200;
const ACTIVITY_NAME = /^[\p{Script=Han}A-Za-z0-9]+$/u;

/**
 * Words of a text, as the advertising words' limit of 200 counts them in both languages: every Chinese character is one
 * word, and every run of other non-space characters is one word ("call 3 times" = 3, "外呼三次" = 4).
 */
export function countWords(text: string): number {
  return text.match(/\p{Script=Han}|[^\s\p{Script=Han}]+/gu)?.length ?? 0;
}

/** The channel form's fields, each checkable on its own (the console checks a step's fields before moving on). */
export const channelFieldsSchema = z.object({
  activityName: z
    .string()
    .trim()
    .min(1, { error: 'v.required' })
    .max(ACTIVITY_NAME_MAX, { error: 'v.template.activityName' })
    .regex(ACTIVITY_NAME, { error: 'v.template.activityName' }),
  channelType: z.enum(CHANNEL_TYPES),
  promotionTime: z.tuple([dayField, dayField], { error: 'v.required' }),
  promoteLink: z
    .string()
    .trim()
    .max(2048, { error: 'v.tooLong' })
    .regex(/^https?:\/\/\S+$/, { error: 'v.template.promoteLink' }),
  advertisingSource: z.string().trim().min(1, { error: 'v.required' }).max(50, { error: 'v.tooLong' }),
  advertisingMedia: z.string().trim().min(1, { error: 'v.required' }).max(50, { error: 'v.tooLong' }),
  keywords: z
    .array(z.string().trim().min(1).max(20, { error: 'v.tooLong' }))
    .max(10, { error: 'v.tooLong' })
    .default([]),
  pushNotify: z.boolean().default(false),
  advertisingContent: z
    .string()
    .trim()
    .min(1, { error: 'v.required' })
    .refine((text) => countWords(text) <= ADVERTISING_WORDS_MAX, { error: 'v.template.advertisingContent' }),
});
export const channelFormSchema = channelFieldsSchema.refine((v) => v.promotionTime[0] <= v.promotionTime[1], {
  error: 'v.template.promotionTime',
  path: ['promotionTime'],
});
export type ChannelForm = z.infer<typeof channelFormSchema>;
export type ChannelFormInput = z.input<typeof channelFormSchema>;

export const channelFormResultSchema = z.object({ id: z.string(), createdTime: isoDateTime });

// ---- /form/group: media parameters (frame rate 1–30, bitrate 150–1800) ----
export const FRAME_RATE = { min: 1, max: 30 } as const;
export const BITRATE = { min: 150, max: 1800 } as const;
export const MEDIA_MODES = ['custom', 'standard', 'highQuality'] as const;
export const RESOLUTIONS = ['640x360', '1280x720', '1920x1080'] as const;
export const VIDEO_PROFILES = ['baseline', 'main', 'high'] as const;
export const AUDIO_CHANNELS = ['mono', 'stereo'] as const;
export const AUDIO_PROFILES = ['lc', 'he', 'hev2'] as const;

const frameRate = z.number().int({ error: 'v.integer' }).min(FRAME_RATE.min, { error: 'v.min' }).max(FRAME_RATE.max, { error: 'v.max' });
const bitrate = z.number().int({ error: 'v.integer' }).min(BITRATE.min, { error: 'v.min' }).max(BITRATE.max, { error: 'v.max' });

export const groupFormSchema = z.object({
  video: z.object({
    mode: z.enum(MEDIA_MODES),
    acquisition: z.object({ resolution: z.enum(RESOLUTIONS), frameRate }),
    encoding: z
      .object({
        resolution: z.enum(RESOLUTIONS),
        rate: z.object({ min: bitrate, max: bitrate, default: bitrate }),
        frameRate,
        profile: z.enum(VIDEO_PROFILES),
      })
      .refine((e) => e.rate.min <= e.rate.default && e.rate.default <= e.rate.max, { error: 'v.template.bitrateOrder', path: ['rate'] }),
  }),
  audio: z.object({
    mode: z.enum(MEDIA_MODES),
    acquisition: z.object({ channels: z.enum(AUDIO_CHANNELS) }),
    encoding: z.object({ channels: z.enum(AUDIO_CHANNELS), rate: bitrate, profile: z.enum(AUDIO_PROFILES) }),
  }),
  explanation: z.string().trim().max(200, { error: 'v.tooLong' }).default(''),
});
export type GroupForm = z.infer<typeof groupFormSchema>;
export type GroupFormInput = z.input<typeof groupFormSchema>;

/** What the group form starts from before a company saved any (the demo saves these, approved). */
export const DEFAULT_GROUP_FORM: GroupForm = {
  video: {
    mode: 'custom',
    acquisition: { resolution: '1280x720', frameRate: 15 },
    encoding: { resolution: '1280x720', rate: { min: 300, max: 800, default: 500 }, frameRate: 15, profile: 'main' },
  },
  audio: { mode: 'standard', acquisition: { channels: 'mono' }, encoding: { channels: 'mono', rate: 150, profile: 'lc' } },
  explanation: '',
};

/** Parameter approval: a saved group form is committed, then an ADMIN approves it: finish. */
export const APPROVAL_STEPS = ['commit', 'approval', 'finish'] as const;
export const mediaSettingsSchema = z.object({
  id: z.string(),
  settings: groupFormSchema,
  status: z.enum(['approval', 'finish']),
  savedBy: z.string().nullable(),
  savedTime: isoDateTime,
  approvedBy: z.string().nullable(),
  approvedTime: isoDateTime.nullable(),
});
export type MediaSettings = z.infer<typeof mediaSettingsSchema>;

/** `GET /api/profile/basic`: `status` is the index in APPROVAL_STEPS of the latest save (-1: none yet). */
export const basicProfileSchema = z.object({
  status: z.number().int().min(-1).max(2),
  latest: mediaSettingsSchema.nullable(),
  /** The parameters in force: the newest approved save. */
  current: mediaSettingsSchema.nullable(),
});
export type BasicProfile = z.infer<typeof basicProfileSchema>;
export const approveSchema = z.object({ id: z.uuid({ error: 'v.id' }) });

export const operationLogSchema = z.object({
  key: z.string(),
  contentNumber: z.string(),
  updateContent: z.string(),
  status: z.string(),
  actor: z.string().nullable(),
  updateTime: isoDateTime,
});
export type OperationLog = z.infer<typeof operationLogSchema>;

// ---- charts: the visualization pages' results ----
export const chartPointSchema = z.object({ x: z.string(), y: z.number() });
export type ChartPoint = z.infer<typeof chartPointSchema>;
export const seriesChartSchema = z.object({
  xAxis: z.array(z.string()),
  data: z.array(z.object({ name: z.string(), value: z.array(z.number()) })),
});
export type SeriesChart = z.infer<typeof seriesChartSchema>;
/** `growth`: percent change on the period before, null when that period had nothing to compare with. */
export const quotaResultSchema = z.object({ count: z.number(), growth: z.number().nullable(), chartData: z.array(chartPointSchema) });
export type QuotaResult = z.infer<typeof quotaResultSchema>;

/** Data analysis quota cards: visitors = calls placed, comment = connected, published = transfers to a seat, other = minutes talked. */
export const OPINION_QUOTAS = ['visitors', 'comment', 'published', 'other'] as const;
export const opinionQuerySchema = z.object({ quota: z.enum(OPINION_QUOTAS) });
/** Multi-dimension analysis cards: calls, connect rate (%), transfers, average talk seconds. */
export const CHAIN_QUOTAS = ['calls', 'connectRate', 'transfers', 'talkSeconds'] as const;
export const chainQuerySchema = z.object({ quota: z.enum(CHAIN_QUOTAS) });

export const POPULAR_TYPES = ['text', 'image', 'video'] as const;
export const popularQuerySchema = z.object({ type: z.enum(POPULAR_TYPES).default('text') });
/** `increases`: percent change on last week, null when it had no calls. */
export const popularItemSchema = z.object({
  key: z.string(),
  clickNumber: z.number(),
  title: z.string(),
  increases: z.number().nullable(),
});
export type PopularItem = z.infer<typeof popularItemSchema>;

export const popularAuthorSchema = z.object({
  ranking: z.number().int(),
  author: z.string(),
  contentCount: z.number(),
  clickCount: z.number(),
});
export type PopularAuthor = z.infer<typeof popularAuthorSchema>;

export const dataOverviewSchema = seriesChartSchema.extend({
  overview: z.array(z.object({ name: z.string(), count: z.number() })),
});
export type DataOverview = z.infer<typeof dataOverviewSchema>;

// ---- dashboards ----
export const workplaceOverviewSchema = z.object({
  todayCalls: z.number().int(),
  yesterdayCalls: z.number().int(),
  /** Connected / placed today, 0–1; null with no call today. */
  connectRate: z.number().nullable(),
  yesterdayConnectRate: z.number().nullable(),
  runningTasks: z.number().int(),
  pendingSubtasks: z.number().int(),
});
export type WorkplaceOverview = z.infer<typeof workplaceOverviewSchema>;

/** The monitor's feed of finished calls (the template's chat list shape). */
export const chatItemSchema = z.object({
  id: z.string(),
  username: z.string(),
  content: z.string(),
  time: isoDateTime,
  isCollect: z.boolean(),
  status: z.enum(CALL_RECORD_STATUSES).nullable(),
  /** The number as the call list shows it (masked per the project's encryption type). */
  phone: z.string(),
  outcome: z.string().nullable(),
  durationMs: z.number().int(),
  taskId: z.string(),
  projectId: z.string(),
});
export type ChatItem = z.infer<typeof chatItemSchema>;

/** An agent and their seat's state now (the seat's own states); `since`: when it last changed, null if never opened. */
export const monitorSeatSchema = z.object({ id: z.string(), name: z.string(), state: seatStateSchema, since: isoDateTime.nullable() });
export type MonitorSeat = z.infer<typeof monitorSeatSchema>;

export const monitorSchema = z.object({
  tasks: z.array(
    z.object({
      id: z.string(),
      projectId: z.string(),
      name: z.string(),
      projectName: z.string(),
      liveCalls: z.number().int(),
      /** The manual concurrency, or null when the task shares its lines' capacity (auto). */
      concurrency: z.number().int().nullable(),
      pending: z.number().int(),
      total: z.number().int(),
    }),
  ),
  /** Every agent of the company with their seat's state (busiest first). */
  seats: z.array(monitorSeatSchema),
});
export type Monitor = z.infer<typeof monitorSchema>;

// ---- user center (`GET /api/user/info`, the template's user shape from the signed-in user) ----
export const userInfoSchema = z.object({
  name: z.string(),
  avatar: z.string(),
  email: z.string(),
  job: z.string(),
  jobName: z.string(),
  organization: z.string(),
  organizationName: z.string(),
  location: z.string(),
  locationName: z.string(),
  introduction: z.string(),
  personalWebsite: z.string(),
  phone: z.string(),
  registrationDate: isoDateTime,
  accountId: z.string(),
  certification: z.number().int(),
  role: roleSchema,
});
export type UserInfo = z.infer<typeof userInfoSchema>;
