import { z } from 'zod';
import { LIMITS } from '../../common/constants.ts';
import { idSchema, isoDateTime, keywordSchema, pageQuerySchema } from '../../common/fields.ts';
import { processorStateSchema, processorTypeSchema, type ProcessorType } from '../processors/schemas.ts';
import { HTTP_PROTOCOLS, SPEECH_PROTOCOLS, urlSchema } from '../../common/url-fields.ts';

/**
 * A scenario is one JSON document: what the conversation runtime runs when a call answers. This file
 * holds its one schema; the editor, the server, import and export all validate with it. Scenarios are
 * stored versioned: every save is a new version and a running task keeps the version it started with.
 *
 * How a call runs it: the prologues are spoken; then, on every turn, the routers are tried in order and
 * the first whose conditions hold acts: a tool (hang up, transfer to a seat) or a multi-stream (the
 * referee judges, the main stream answers, the rewrite stream polishes the answer). A router without
 * conditions always holds, so it is the natural last, default router. While the main stream thinks,
 * the filler stream says a short filler every `intervalMs`. Silence rules wake a silent callee; the
 * interruption policy says when callee speech stops the bot. After the call the analysis stream reads
 * it and may assign the scenario's tags; callbacks receive the events they subscribe to.
 */

export const SPEECH_PROVIDERS = [
  'seed',
  'ali',
  'ali_sea',
  'seed_id',
  'azure_id',
  'azure_china',
  'azure_en_us',
  'azure_en_sg',
  'azure_malaysia',
  'seed_en',
  'seed_cross',
  'minimax',
  'elevenlabs',
] as const;
export const speechProviderSchema = z.enum(SPEECH_PROVIDERS);
export type SpeechProvider = z.infer<typeof speechProviderSchema>;

/**
 * The built-in engines (espeak-ng, pocketsphinx, Silero VAD): no URL, no credentials. Not a vendor
 * provider: it lets a scenario say plainly that it runs offline
 * (a vendor provider whose company has no stored credentials also runs offline, and the call records it).
 */
export const OFFLINE_SPEECH_PROVIDER = 'offline';
/** What a scenario's speech endpoint may name: the offline engines first, then the vendors. */
export const SCENARIO_SPEECH_PROVIDERS = [OFFLINE_SPEECH_PROVIDER, ...SPEECH_PROVIDERS] as const;
export type ScenarioSpeechProvider = (typeof SCENARIO_SPEECH_PROVIDERS)[number];

export const SCENARIO_LIMITS = {
  name: { max: 50 },
  transferText: { max: LIMITS.transferText.max },
  toolAlias: { max: 30 },
  routerName: { max: 30 },
  tag: { max: 30 },
  prologues: { max: 10 },
  tools: { max: 20 },
  routers: { max: 30 },
  conditions: { max: 20 },
  callbacks: { max: 5 },
  silenceSeconds: { min: 1, max: 60 },
  silencePrompts: { min: 0, max: 10 },
  minSpeechMs: { min: 100, max: 5000 },
  fillerIntervalMs: { min: 200, max: 10_000 },
  round: { min: 1, max: 100 },
  interruptCount: { min: 1, max: 20 },
} as const;

const text = (max: number) => z.string({ error: 'v.required' }).trim().min(1, { error: 'v.required' }).max(max, { error: 'v.tooLong' });
const optionalText = (max: number, key = 'v.tooLong') => z.string().trim().max(max, { error: key }).default('');
const int = (range: { min: number; max: number }) =>
  z.number({ error: 'v.required' }).int({ error: 'v.integer' }).min(range.min, { error: 'v.min' }).max(range.max, { error: 'v.max' });
const processorRef = z.uuid({ error: 'v.scenario.processorRequired' });

/** A speech service: which provider, at which address (HTTP or WebSocket). */
const speechUrlSchema = urlSchema(SPEECH_PROTOCOLS, 'v.scenario.speechUrl');
/** A vendor needs its URL; the offline engines take none (a URL given with them is refused). */
export const speechEndpointSchema = z
  .strictObject({
    provider: z.enum(SCENARIO_SPEECH_PROVIDERS),
    url: z.string({ error: 'v.required' }).trim().max(2000, { error: 'v.tooLong' }).default(''),
  })
  .superRefine((endpoint, ctx) => {
    if (endpoint.provider === OFFLINE_SPEECH_PROVIDER) {
      if (endpoint.url !== '') ctx.addIssue({ code: 'custom', path: ['url'], message: 'v.scenario.offlineUrl' });
      return;
    }
    const url = speechUrlSchema.safeParse(endpoint.url);
    if (!url.success) for (const issue of url.error.issues) ctx.addIssue({ code: 'custom', path: ['url'], message: issue.message });
  });
export type SpeechEndpoint = z.infer<typeof speechEndpointSchema>;

/** When the callee says nothing for `timeoutSeconds`: say a wake-up prompt, up to `maxPrompts` times, then the hang-up text. */
export const silenceRulesSchema = z.strictObject({
  enabled: z.boolean().default(false),
  timeoutSeconds: int(SCENARIO_LIMITS.silenceSeconds).default(6),
  maxPrompts: int(SCENARIO_LIMITS.silencePrompts).default(2),
  prompts: z.array(text(200)).max(10).default([]),
  hangupText: optionalText(200),
});
export type SilenceRules = z.infer<typeof silenceRulesSchema>;

/** never: the bot finishes every sentence; speech: callee speech longer than `minSpeechMs` stops it; keywords: only these words do. */
export const INTERRUPTION_MODES = ['never', 'speech', 'keywords'] as const;
export const interruptionSchema = z.strictObject({
  mode: z.enum(INTERRUPTION_MODES).default('speech'),
  minSpeechMs: int(SCENARIO_LIMITS.minSpeechMs).default(500),
  keywords: z.array(text(50)).max(50).default([]),
  /** The prologue is always heard to the end. */
  protectPrologue: z.boolean().default(true),
});
export type Interruption = z.infer<typeof interruptionSchema>;

export const prologueSchema = z.strictObject({
  text: text(500),
  interruptible: z.boolean().default(false),
});

const toolAlias = text(SCENARIO_LIMITS.toolAlias.max).regex(/^\S*$/, { error: 'v.noSpaces' });
const transferText = optionalText(SCENARIO_LIMITS.transferText.max, 'v.scenario.transferText');

export const TOOL_KINDS = ['hangup', 'transfer'] as const;
/** Route tools: what a router may do besides answering. */
export const routeToolSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('hangup'), alias: toolAlias, text: optionalText(200) }),
  z.strictObject({ kind: z.literal('transfer'), alias: toolAlias, successText: transferText, failureText: transferText }),
]);
export type RouteTool = z.infer<typeof routeToolSchema>;

export const CONDITION_TYPES = ['round', 'interrupt', 'content', 'dynamicLlm'] as const;
export type ConditionType = (typeof CONDITION_TYPES)[number];
export const SPEAKER_ROLES = ['user', 'assistant'] as const;
const role = z.enum(SPEAKER_ROLES);
export const ROUND_OPERATORS = ['gte', 'lte', 'eq'] as const;

/**
 * round: the role has spoken `value` times (compared with `op`); interrupt: the role has cut the other
 * short at least `count` times; content: the role's last words hold any/all `keywords`; dynamicLlm: a
 * referee processor answers `question` with yes about the conversation so far.
 */
export const routerConditionSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('round'), role, op: z.enum(ROUND_OPERATORS).default('gte'), value: int(SCENARIO_LIMITS.round) }),
  z.strictObject({ type: z.literal('interrupt'), role, count: int(SCENARIO_LIMITS.interruptCount) }),
  z.strictObject({
    type: z.literal('content'),
    role,
    keywords: z.array(text(50)).min(1, { error: 'v.scenario.keywords' }).max(50),
    match: z.enum(['any', 'all']).default('any'),
  }),
  z.strictObject({ type: z.literal('dynamicLlm'), role, processorId: processorRef, question: text(500) }),
]);
export type RouterCondition = z.infer<typeof routerConditionSchema>;

/** A multi-stream: the referee (optional) judges, the main stream answers, the rewrite stream (optional) polishes. */
export const streamTargetSchema = z.strictObject({
  kind: z.literal('stream'),
  refereeId: processorRef.nullable().default(null),
  mainId: processorRef,
  rewriteId: processorRef.nullable().default(null),
});
export const routerTargetSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('tool'), toolAlias: text(SCENARIO_LIMITS.toolAlias.max) }),
  streamTargetSchema,
]);
export type RouterTarget = z.infer<typeof routerTargetSchema>;

export const routerSchema = z.strictObject({
  name: text(SCENARIO_LIMITS.routerName.max),
  /** all: every condition must hold; any: one is enough. No condition: the router always holds. */
  match: z.enum(['all', 'any']).default('all'),
  conditions: z.array(routerConditionSchema).max(SCENARIO_LIMITS.conditions.max).default([]),
  target: routerTargetSchema,
});
export type Router = z.infer<typeof routerSchema>;

export const CALLBACK_EVENTS = ['answered', 'transferred', 'ended', 'analysisDone'] as const;
export const callbackSchema = z.strictObject({
  url: urlSchema(HTTP_PROTOCOLS, 'v.scenario.callbackUrl'),
  events: z.array(z.enum(CALLBACK_EVENTS)).min(1, { error: 'v.scenario.events' }),
});

export const analysisStreamSchema = z.strictObject({ processorId: processorRef });
export const fillerStreamSchema = z.strictObject({
  processorId: processorRef,
  intervalMs: int(SCENARIO_LIMITS.fillerIntervalMs).default(1500),
});

const documentShape = z.strictObject({
  name: text(SCENARIO_LIMITS.name.max),
  dialogAsr: speechEndpointSchema,
  /** Transcribes the seat after a transfer; null = not transcribed. */
  operatorAsr: speechEndpointSchema.nullable().default(null),
  tts: speechEndpointSchema,
  silence: silenceRulesSchema.default({ enabled: false, timeoutSeconds: 6, maxPrompts: 2, prompts: [], hangupText: '' }),
  interruption: interruptionSchema.default({ mode: 'speech', minSpeechMs: 500, keywords: [], protectPrologue: true }),
  prologues: z.array(prologueSchema).max(SCENARIO_LIMITS.prologues.max).default([]),
  tools: z.array(routeToolSchema).max(SCENARIO_LIMITS.tools.max).default([]),
  routers: z.array(routerSchema).max(SCENARIO_LIMITS.routers.max).default([]),
  callbacks: z.array(callbackSchema).max(SCENARIO_LIMITS.callbacks.max).default([]),
  /** Tag names the analysis stream may assign (a free list until the tags catalogue is wired in). */
  tags: z.array(text(SCENARIO_LIMITS.tag.max)).max(100).default([]),
  analysis: analysisStreamSchema.nullable().default(null),
  filler: fillerStreamSchema.nullable().default(null),
  /** Said when the model fails (timeout, error, empty answer); empty = the runtime's default in the call's language. */
  fallbackText: optionalText(200),
});

const list = (value: unknown): Record<string, unknown>[] => (Array.isArray(value) ? value : []);
const str = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
const obj = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/**
 * Rules across fields: unique names, routers pointing at tools that exist, the prompts a policy needs.
 * They run even when other fields failed (so an import lists every problem at once), hence they read
 * the raw value defensively.
 */
function crossCheck(value: unknown, ctx: z.RefinementCtx) {
  const doc = obj(value);
  const duplicates = (values: string[], path: (i: number) => PropertyKey[], message: string) => {
    const seen = new Set<string>();
    values.forEach((v, i) => {
      const key = v.toLowerCase();
      if (key && seen.has(key)) ctx.addIssue({ code: 'custom', path: path(i), message });
      seen.add(key);
    });
  };
  const tools = list(doc.tools);
  const routers = list(doc.routers);
  duplicates(
    tools.map((t) => str(obj(t).alias)),
    (i) => ['tools', i, 'alias'],
    'v.scenario.aliasExists',
  );
  duplicates(
    routers.map((r) => str(obj(r).name)),
    (i) => ['routers', i, 'name'],
    'v.scenario.routerExists',
  );
  duplicates((Array.isArray(doc.tags) ? doc.tags : []).map(str), (i) => ['tags', i], 'v.scenario.tagExists');
  const aliases = new Set(tools.map((t) => str(obj(t).alias).toLowerCase()));
  routers.forEach((router, i) => {
    const target = obj(obj(router).target);
    const alias = str(target.toolAlias);
    if (target.kind === 'tool' && alias && !aliases.has(alias.toLowerCase())) {
      ctx.addIssue({ code: 'custom', path: ['routers', i, 'target', 'toolAlias'], message: 'v.scenario.toolMissing' });
    }
  });
  const silence = obj(doc.silence);
  if (silence.enabled === true && (silence.maxPrompts ?? 2) !== 0 && list(silence.prompts).length === 0) {
    ctx.addIssue({ code: 'custom', path: ['silence', 'prompts'], message: 'v.scenario.silencePrompts' });
  }
  const interruption = obj(doc.interruption);
  if (interruption.mode === 'keywords' && list(interruption.keywords).length === 0) {
    ctx.addIssue({ code: 'custom', path: ['interruption', 'keywords'], message: 'v.scenario.keywords' });
  }
}

/** The whole scenario: name, dialog ASR + URL, TTS + URL required; the rest has defaults. */
export const scenarioDocumentSchema = documentShape.superRefine(crossCheck, {
  when: (payload) => typeof payload.value === 'object' && payload.value !== null,
});
export type ScenarioDocument = z.infer<typeof scenarioDocumentSchema>;
/** What the editor holds before defaults apply. */
export type ScenarioDocumentInput = z.input<typeof scenarioDocumentSchema>;

/**
 * A stored document in an answer. Answers are not re-validated against today's rules: a version saved
 * under older rules must stay readable (a running task may use it).
 */
export const storedDocumentSchema = z.custom<ScenarioDocument>(
  (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
);

/** Which processor type each reference of a document must have. */
export interface ProcessorSlot {
  path: (string | number)[];
  processorId: string;
  type: ProcessorType;
}

export function processorSlots(doc: ScenarioDocument): ProcessorSlot[] {
  const slots: ProcessorSlot[] = [];
  doc.routers.forEach((router, i) => {
    router.conditions.forEach((condition, j) => {
      if (condition.type === 'dynamicLlm')
        slots.push({ path: ['routers', i, 'conditions', j, 'processorId'], processorId: condition.processorId, type: 'referee' });
    });
    if (router.target.kind === 'stream') {
      if (router.target.refereeId)
        slots.push({ path: ['routers', i, 'target', 'refereeId'], processorId: router.target.refereeId, type: 'referee' });
      slots.push({ path: ['routers', i, 'target', 'mainId'], processorId: router.target.mainId, type: 'stream' });
      if (router.target.rewriteId)
        slots.push({ path: ['routers', i, 'target', 'rewriteId'], processorId: router.target.rewriteId, type: 'stream' });
    }
  });
  if (doc.analysis) slots.push({ path: ['analysis', 'processorId'], processorId: doc.analysis.processorId, type: 'analysis' });
  if (doc.filler) slots.push({ path: ['filler', 'processorId'], processorId: doc.filler.processorId, type: 'filler' });
  return slots;
}

/** The ids of every processor a document references, once each. */
export function processorIdsOf(doc: ScenarioDocument): string[] {
  return [...new Set(processorSlots(doc).map((slot) => slot.processorId))];
}

/** A field path as the console and the failure lists show it: `routers.1.target.mainId`. */
export function pathText(path: readonly PropertyKey[]): string {
  return path.map(String).join('.');
}

// Export and import -----------------------------------------------------------------------------------

export const SCENARIO_FORMAT = 'dialwise.scenario';
export const SCENARIO_FORMAT_VERSION = 1;

/**
 * An exported scenario: the document with a format marker, and the alias and type of each processor it
 * references, so another installation can map the ids onto its own processors.
 */
export const scenarioExportSchema = z.strictObject({
  format: z.literal(SCENARIO_FORMAT, { error: 'v.scenario.format' }),
  formatVersion: z.literal(SCENARIO_FORMAT_VERSION, { error: 'v.scenario.formatVersion' }),
  exportedAt: z.string().optional(),
  sourceVersion: z.number().int().optional(),
  scenario: scenarioDocumentSchema,
  processors: z.array(z.strictObject({ id: z.string(), alias: z.string(), type: processorTypeSchema })).default([]),
});
export type ScenarioExport = z.infer<typeof scenarioExportSchema>;
/** The export answer (the stored document as is). */
export const scenarioExportOutSchema = scenarioExportSchema.extend({ scenario: storedDocumentSchema, exportedAt: z.string() });

/** One path that failed, with why, in the caller's language. */
export const failedPathSchema = z.object({ path: z.string(), message: z.string() });
export type FailedPath = z.infer<typeof failedPathSchema>;

// Endpoints -----------------------------------------------------------------------------------------------

export const scenarioCreateSchema = z.object({ document: scenarioDocumentSchema });
export type ScenarioCreate = z.infer<typeof scenarioCreateSchema>;

/** Saving makes a new version; `baseVersion` is the version the editor opened, so a concurrent save is not overwritten. */
export const scenarioUpdateSchema = z.object({
  id: idSchema,
  baseVersion: z.number().int().min(1),
  document: scenarioDocumentSchema,
});
export type ScenarioUpdate = z.infer<typeof scenarioUpdateSchema>;

export const scenarioRefSchema = z.object({ id: idSchema, version: z.number().int().min(1).optional() });
export type ScenarioRef = z.infer<typeof scenarioRefSchema>;

/** The import file's parsed JSON, checked by the server (`content` is whatever the file held). */
export const scenarioImportSchema = z.object({ content: z.unknown() });
export type ScenarioImport = z.infer<typeof scenarioImportSchema>;

export const scenarioQuerySchema = pageQuerySchema.extend({
  keyword: keywordSchema(100),
  processorId: idSchema.optional(),
});
export type ScenarioQuery = z.infer<typeof scenarioQuerySchema>;

export const processorUseSchema = z.object({ id: z.string(), alias: z.string(), type: processorTypeSchema, state: processorStateSchema });

export const scenarioListItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  version: z.number().int(),
  processors: z.array(processorUseSchema),
  updatedBy: z.string().nullable(),
  updateTime: isoDateTime,
  createTime: isoDateTime,
});
export type ScenarioListItem = z.infer<typeof scenarioListItemSchema>;

export const scenarioVersionInfoSchema = z.object({ version: z.number().int(), createdBy: z.string().nullable(), createTime: isoDateTime });
export type ScenarioVersionInfo = z.infer<typeof scenarioVersionInfoSchema>;

export const scenarioDetailSchema = z.object({
  id: z.string(),
  name: z.string(),
  currentVersion: z.number().int(),
  /** The version answered (the current one unless asked otherwise). */
  version: z.number().int(),
  document: storedDocumentSchema,
  versions: z.array(scenarioVersionInfoSchema),
});
export type ScenarioDetail = z.infer<typeof scenarioDetailSchema>;

export const scenarioSavedSchema = z.object({ id: z.string(), name: z.string(), version: z.number().int() });
export type ScenarioSaved = z.infer<typeof scenarioSavedSchema>;

/** An import checked without saving (the editor's import): the document, and the processor references mapped by alias. */
export const scenarioParsedSchema = z.object({ document: storedDocumentSchema, remapped: z.array(z.string()) });
export type ScenarioParsed = z.infer<typeof scenarioParsedSchema>;
