import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  MESSAGES,
  SCENARIO_FORMAT,
  SCENARIO_FORMAT_VERSION,
  SCENARIO_SPEECH_PROVIDERS,
  SPEECH_PROVIDERS,
  formatIssue,
  pathText,
  processorIdsOf,
  processorSlots,
  scenarioDocumentSchema,
  scenarioExportSchema,
  type ScenarioDocumentInput,
} from '../../index.ts';

const MAIN = '00000000-0000-4000-8000-000000000001';
const REFEREE = '00000000-0000-4000-8000-000000000002';
const FILLER = '00000000-0000-4000-8000-000000000003';
const ANALYSIS = '00000000-0000-4000-8000-000000000004';

function doc(extra: Partial<ScenarioDocumentInput> = {}): ScenarioDocumentInput {
  return {
    name: 'Renewal reminder',
    dialogAsr: { provider: 'seed', url: 'wss://asr.example.com/v1' },
    tts: { provider: 'minimax', url: 'https://tts.example.com' },
    tools: [
      { kind: 'transfer', alias: 'to_agent', successText: 'Connecting you now.', failureText: 'All agents are busy.' },
      { kind: 'hangup', alias: 'bye', text: 'Goodbye.' },
    ],
    routers: [
      {
        name: 'Wants a human',
        match: 'any',
        conditions: [
          { type: 'content', role: 'user', keywords: ['human', 'agent'] },
          { type: 'dynamicLlm', role: 'user', processorId: REFEREE, question: 'Does the callee ask for a person?' },
        ],
        target: { kind: 'tool', toolAlias: 'to_agent' },
      },
      { name: 'Talk', conditions: [], target: { kind: 'stream', refereeId: REFEREE, mainId: MAIN, rewriteId: MAIN } },
    ],
    filler: { processorId: FILLER, intervalMs: 1200 },
    analysis: { processorId: ANALYSIS },
    ...extra,
  };
}

/** Message keys of every issue, with their paths. */
function problems(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => `${pathText(issue.path)}: ${issue.message}`);
}

describe('scenario document', () => {
  it('accepts a whole scenario and fills the defaults', () => {
    const parsed = scenarioDocumentSchema.parse(doc());
    expect(parsed.operatorAsr).toBeNull();
    expect(parsed.silence).toMatchObject({ enabled: false, timeoutSeconds: 6, maxPrompts: 2 });
    expect(parsed.interruption.mode).toBe('speech');
    expect(parsed.routers[0]!.match).toBe('any');
    expect(parsed.routers[1]!.match).toBe('all');
  });

  it('requires name, dialog ASR with its URL, TTS with its URL', () => {
    const found = problems(scenarioDocumentSchema, { name: '  ' });
    expect(found).toEqual(
      expect.arrayContaining(['name: v.required', expect.stringMatching(/^dialogAsr: /), expect.stringMatching(/^tts: /)]),
    );
    const noUrls = problems(
      scenarioDocumentSchema,
      doc({ dialogAsr: { provider: 'ali', url: '' } as never, tts: { provider: 'ali' } as never }),
    );
    expect(noUrls).toEqual(expect.arrayContaining(['dialogAsr.url: v.required', expect.stringMatching(/^tts\.url: /)]));
  });

  it('offline takes no URL; a URL given with it is refused', () => {
    expect(
      problems(scenarioDocumentSchema, doc({ dialogAsr: { provider: 'offline', url: '' }, tts: { provider: 'offline' } as never })),
    ).toEqual([]);
    expect(problems(scenarioDocumentSchema, doc({ tts: { provider: 'offline', url: 'https://t.example' } }))).toEqual([
      'tts.url: v.scenario.offlineUrl',
    ]);
  });

  it('knows the thirteen vendor providers and the offline engines, nothing else', () => {
    expect(SPEECH_PROVIDERS).toHaveLength(13);
    expect(SCENARIO_SPEECH_PROVIDERS).toEqual(['offline', ...SPEECH_PROVIDERS]);
    for (const provider of SPEECH_PROVIDERS)
      expect(problems(scenarioDocumentSchema, doc({ tts: { provider, url: 'https://t.example' } }))).toEqual([]);
    expect(problems(scenarioDocumentSchema, doc({ tts: { provider: 'google' as never, url: 'https://t.example' } }))[0]).toMatch(
      /^tts\.provider: /,
    );
  });

  it('speech URLs are http(s) or ws(s); callbacks http(s) only', () => {
    expect(problems(scenarioDocumentSchema, doc({ dialogAsr: { provider: 'ali', url: 'ftp://asr.example' } }))).toEqual([
      'dialogAsr.url: v.scenario.speechUrl',
    ]);
    expect(problems(scenarioDocumentSchema, doc({ callbacks: [{ url: 'wss://cb.example', events: ['ended'] }] }))).toEqual([
      'callbacks.0.url: v.scenario.callbackUrl',
    ]);
    expect(problems(scenarioDocumentSchema, doc({ callbacks: [{ url: 'https://cb.example/hook', events: [] }] }))).toEqual([
      'callbacks.0.events: v.scenario.events',
    ]);
  });

  it('transfer success and failure texts: 100 characters pass, 101 fail', () => {
    const transfer = (successText: string, failureText: string) =>
      doc({ tools: [{ kind: 'transfer', alias: 'to_agent', successText, failureText }] });
    expect(problems(scenarioDocumentSchema, transfer('a'.repeat(100), 'b'.repeat(100)))).toEqual([]);
    expect(problems(scenarioDocumentSchema, transfer('a'.repeat(101), 'ok'))).toEqual(['tools.0.successText: v.scenario.transferText']);
    expect(problems(scenarioDocumentSchema, transfer('ok', 'b'.repeat(101)))).toEqual(['tools.0.failureText: v.scenario.transferText']);
  });

  it('route tool aliases are unique, case-insensitively: "The alias already exists"', () => {
    const found = problems(
      scenarioDocumentSchema,
      doc({
        tools: [
          { kind: 'hangup', alias: 'bye' },
          { kind: 'transfer', alias: 'to_agent' },
          { kind: 'hangup', alias: 'BYE' },
        ],
      }),
    );
    expect(found).toEqual(['tools.2.alias: v.scenario.aliasExists']);
    expect(MESSAGES['en-US']['v.scenario.aliasExists']).toBe('The alias already exists');
  });

  it('cross-field problems are reported alongside missing fields (an import lists everything at once)', () => {
    const found = problems(scenarioDocumentSchema, {
      ...doc({
        tools: [
          { kind: 'hangup', alias: 'x' },
          { kind: 'hangup', alias: 'X' },
        ],
        routers: [],
      }),
      name: '',
      tts: { provider: 'ali', url: '' },
    });
    expect(found.sort()).toEqual(['name: v.required', 'tools.1.alias: v.scenario.aliasExists', 'tts.url: v.required']);
  });

  it('a router aims at a tool that exists; router names are unique', () => {
    const routers = [
      { name: 'A', target: { kind: 'tool' as const, toolAlias: 'nowhere' } },
      { name: 'a', target: { kind: 'tool' as const, toolAlias: 'bye' } },
    ];
    expect(problems(scenarioDocumentSchema, doc({ routers }))).toEqual([
      'routers.1.name: v.scenario.routerExists',
      'routers.0.target.toolAlias: v.scenario.toolMissing',
    ]);
  });

  it('conditions: each type with its own fields, role user or assistant', () => {
    const router = (condition: unknown) =>
      doc({ routers: [{ name: 'R', conditions: [condition as never], target: { kind: 'tool', toolAlias: 'bye' } }] });
    expect(problems(scenarioDocumentSchema, router({ type: 'round', role: 'assistant', op: 'gte', value: 3 }))).toEqual([]);
    expect(problems(scenarioDocumentSchema, router({ type: 'round', role: 'user', value: 0 }))).toEqual([
      'routers.0.conditions.0.value: v.min',
    ]);
    expect(problems(scenarioDocumentSchema, router({ type: 'interrupt', role: 'user', count: 2 }))).toEqual([]);
    expect(problems(scenarioDocumentSchema, router({ type: 'content', role: 'user', keywords: [] }))).toEqual([
      'routers.0.conditions.0.keywords: v.scenario.keywords',
    ]);
    expect(problems(scenarioDocumentSchema, router({ type: 'dynamicLlm', role: 'user', question: 'Is it?' }))).toEqual([
      'routers.0.conditions.0.processorId: v.scenario.processorRequired',
    ]);
    expect(problems(scenarioDocumentSchema, router({ type: 'round', role: 'bot', value: 1 }))[0]).toMatch(
      /^routers\.0\.conditions\.0\.role: /,
    );
    expect(problems(scenarioDocumentSchema, router({ type: 'weather', role: 'user' }))[0]).toMatch(/^routers\.0\.conditions\.0\.type: /);
  });

  it('a stream target needs a main stream; referee and rewrite are optional', () => {
    const target = (value: unknown) => doc({ routers: [{ name: 'R', target: value as never }] });
    expect(problems(scenarioDocumentSchema, target({ kind: 'stream', mainId: MAIN }))).toEqual([]);
    expect(problems(scenarioDocumentSchema, target({ kind: 'stream', refereeId: REFEREE }))).toEqual([
      'routers.0.target.mainId: v.scenario.processorRequired',
    ]);
  });

  it('silence rules need a prompt when they prompt; the keyword policy needs keywords', () => {
    expect(problems(scenarioDocumentSchema, doc({ silence: { enabled: true, timeoutSeconds: 5, maxPrompts: 2, prompts: [] } }))).toEqual([
      'silence.prompts: v.scenario.silencePrompts',
    ]);
    expect(problems(scenarioDocumentSchema, doc({ silence: { enabled: true, timeoutSeconds: 5, maxPrompts: 0, prompts: [] } }))).toEqual(
      [],
    );
    expect(problems(scenarioDocumentSchema, doc({ silence: { enabled: true, timeoutSeconds: 61, maxPrompts: 0 } }))).toEqual([
      'silence.timeoutSeconds: v.max',
    ]);
    expect(problems(scenarioDocumentSchema, doc({ interruption: { mode: 'keywords', keywords: [] } }))).toEqual([
      'interruption.keywords: v.scenario.keywords',
    ]);
  });

  it('filler interval 200–10000 ms', () => {
    expect(problems(scenarioDocumentSchema, doc({ filler: { processorId: FILLER, intervalMs: 200 } }))).toEqual([]);
    expect(problems(scenarioDocumentSchema, doc({ filler: { processorId: FILLER, intervalMs: 199 } }))).toEqual([
      'filler.intervalMs: v.min',
    ]);
    expect(problems(scenarioDocumentSchema, doc({ filler: { processorId: FILLER, intervalMs: 10_001 } }))).toEqual([
      'filler.intervalMs: v.max',
    ]);
  });

  it('unknown keys are reported with their path (a misspelt file does not pass silently)', () => {
    const found = problems(scenarioDocumentSchema, {
      ...doc(),
      colour: 'blue',
      tools: [{ kind: 'hangup', alias: 'x', sucessText: 'typo' }],
    });
    expect(found).toEqual(expect.arrayContaining([expect.stringMatching(/^: /), expect.stringMatching(/^tools\.0: /)]));
  });

  it('names each processor slot with the type it needs', () => {
    const slots = processorSlots(scenarioDocumentSchema.parse(doc()));
    expect(slots.map((s) => `${pathText(s.path)}=${s.type}`)).toEqual([
      'routers.0.conditions.1.processorId=referee',
      'routers.1.target.refereeId=referee',
      'routers.1.target.mainId=stream',
      'routers.1.target.rewriteId=stream',
      'analysis.processorId=analysis',
      'filler.processorId=filler',
    ]);
    expect(processorIdsOf(scenarioDocumentSchema.parse(doc())).sort()).toEqual([MAIN, REFEREE, FILLER, ANALYSIS].sort());
  });

  it('a failure names the field in both languages', () => {
    const issue = scenarioDocumentSchema.safeParse(doc({ tools: [{ kind: 'transfer', alias: 'x', successText: 'a'.repeat(101) }] })).error!
      .issues[0]!;
    expect(formatIssue(issue, 'en-US')).toBe('Success text must be at most 100 characters');
    expect(formatIssue(issue, 'zh-CN')).toBe('转接成功话术不能超过 100 个字符');
  });
});

describe('export format', () => {
  it('round-trips: an export parses back to the same document', () => {
    const document = scenarioDocumentSchema.parse(doc());
    const file = JSON.parse(
      JSON.stringify({ format: SCENARIO_FORMAT, formatVersion: SCENARIO_FORMAT_VERSION, scenario: document, processors: [] }),
    );
    expect(scenarioExportSchema.parse(file).scenario).toEqual(document);
  });

  it('refuses a file without the marker, of another version, or with a broken document, naming the paths', () => {
    expect(problems(scenarioExportSchema, { scenario: doc() })).toEqual(
      expect.arrayContaining(['format: v.scenario.format', 'formatVersion: v.scenario.formatVersion']),
    );
    const broken = problems(scenarioExportSchema, {
      format: SCENARIO_FORMAT,
      formatVersion: 1,
      scenario: { ...doc(), name: '', tts: { provider: 'ali', url: 'nope' } },
    });
    expect(broken).toEqual(['scenario.name: v.required', 'scenario.tts.url: v.scenario.speechUrl']);
  });
});
