import {
  formatIssue,
  pathText,
  scenarioDocumentSchema,
  type FailedPath,
  type Locale,
  type RouteTool,
  type Router,
  type RouterCondition,
  type ScenarioDocument,
} from '@dialwise/contracts';

/**
 * The editor's state is the document itself, in the shape the schema describes (defaults filled in). The
 * user may leave it invalid while editing: the same contracts schema the server enforces checks it on
 * every change, and its issues are shown next to their fields.
 */
export type Draft = ScenarioDocument;
export type Path = (string | number)[];

export function getIn(value: unknown, path: Path): unknown {
  return path.reduce<unknown>((node, key) => (node == null ? undefined : (node as Record<string | number, unknown>)[key]), value);
}

/** A copy of `value` with `path` set; every object and array on the way is copied, nothing else. */
export function setIn<T>(value: T, path: Path, next: unknown): T {
  return setAt(value, path, next) as T;
}

function setAt(node: unknown, path: Path, next: unknown): unknown {
  if (path.length === 0) return next;
  const [key, ...rest] = path;
  if (Array.isArray(node)) {
    const copy = [...node];
    copy[key as number] = setAt(node[key as number], rest, next);
    return copy;
  }
  const record = node as Record<string | number, unknown>;
  return { ...record, [key!]: setAt(record[key!], rest, next) };
}

export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length || from === to) return [...list];
  const copy = [...list];
  const [item] = copy.splice(from, 1);
  copy.splice(to, 0, item!);
  return copy;
}

export function removeItem<T>(list: readonly T[], index: number): T[] {
  return list.filter((_, i) => i !== index);
}

/** Problems of the draft, path → message in the user's language (the first one per path). */
export function validateDraft(draft: Draft, locale: Locale): Map<string, string> {
  const result = scenarioDocumentSchema.safeParse(draft);
  const errors = new Map<string, string>();
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const key = pathText(issue.path);
    if (!errors.has(key)) errors.set(key, formatIssue(issue, locale));
  }
  return errors;
}

/** The server's failure paths (`document.routers.0…` or `scenario.routers.0…`) as editor paths. */
export function serverErrors(fields: readonly FailedPath[] | undefined): Map<string, string> {
  const errors = new Map<string, string>();
  for (const field of fields ?? []) errors.set(field.path.replace(/^(document|scenario)\.?/, ''), field.message);
  return errors;
}

/** Errors at `path` or below it. */
export function errorsUnder(errors: Map<string, string>, path: Path): string[] {
  const prefix = pathText(path);
  return [...errors.entries()].filter(([key]) => key === prefix || key.startsWith(`${prefix}.`)).map(([, message]) => message);
}

/** Renaming a tool keeps the routers that pointed at it pointing at it. */
export function renameTool(draft: Draft, index: number, alias: string): Draft {
  const before = draft.tools[index]?.alias;
  const tools = draft.tools.map((tool, i) => (i === index ? { ...tool, alias } : tool));
  const routers = before
    ? draft.routers.map((router) =>
        router.target.kind === 'tool' && router.target.toolAlias === before
          ? { ...router, target: { ...router.target, toolAlias: alias } }
          : router,
      )
    : draft.routers;
  return { ...draft, tools, routers };
}

/** A tool of another kind, keeping its alias. */
export function toolOfKind(tool: RouteTool, kind: RouteTool['kind'], texts: { bye: string; ok: string; fail: string }): RouteTool {
  if (tool.kind === kind) return tool;
  return kind === 'hangup'
    ? { kind: 'hangup', alias: tool.alias, text: texts.bye }
    : { kind: 'transfer', alias: tool.alias, successText: texts.ok, failureText: texts.fail };
}

/** A fresh condition of a type, keeping the role. */
export function conditionOfType(type: RouterCondition['type'], role: RouterCondition['role'] = 'user'): RouterCondition {
  switch (type) {
    case 'round':
      return { type, role, op: 'gte', value: 1 };
    case 'interrupt':
      return { type, role, count: 1 };
    case 'content':
      return { type, role, keywords: [], match: 'any' };
    case 'dynamicLlm':
      return { type, role, processorId: '', question: '' };
  }
}

export function newRouter(name: string): Router {
  return { name, match: 'all', conditions: [], target: { kind: 'stream', refereeId: null, mainId: '', rewriteId: null } };
}

export interface DefaultTexts {
  silencePrompt: string;
  silenceHangup: string;
  bye: string;
  transferOk: string;
  transferFail: string;
}

/** A new scenario with sensible defaults: the required fields empty, the usual tools ready, silence rules on. */
export function newDraft(texts: DefaultTexts): Draft {
  return {
    name: '',
    // The built-in engines: a new scenario works on a fresh install with no vendor account.
    dialogAsr: { provider: 'offline', url: '' },
    operatorAsr: null,
    tts: { provider: 'offline', url: '' },
    silence: { enabled: true, timeoutSeconds: 6, maxPrompts: 2, prompts: [texts.silencePrompt], hangupText: texts.silenceHangup },
    interruption: { mode: 'speech', minSpeechMs: 500, keywords: [], protectPrologue: true },
    prologues: [],
    tools: [
      { kind: 'hangup', alias: 'hangup', text: texts.bye },
      { kind: 'transfer', alias: 'transfer', successText: texts.transferOk, failureText: texts.transferFail },
    ],
    routers: [],
    callbacks: [],
    tags: [],
    analysis: null,
    filler: null,
    fallbackText: '',
  };
}

/** The editor's sections, in page order, with the document keys each one holds. */
export const SECTIONS = [
  { id: 'basics', keys: ['name', 'dialogAsr', 'operatorAsr', 'tts'] },
  { id: 'opening', keys: ['prologues'] },
  { id: 'behaviour', keys: ['silence', 'interruption'] },
  { id: 'tools', keys: ['tools'] },
  { id: 'routers', keys: ['routers'] },
  { id: 'streams', keys: ['analysis', 'filler'] },
  { id: 'callbacks', keys: ['callbacks', 'tags'] },
] as const;
export type SectionId = (typeof SECTIONS)[number]['id'];

/** Which section shows a path's error (unknown paths: the first section). */
export function sectionOf(path: string): SectionId {
  const key = path.split('.')[0] ?? '';
  return SECTIONS.find((section) => (section.keys as readonly string[]).includes(key))?.id ?? 'basics';
}

export function countBySection(errors: Map<string, string>): Record<SectionId, number> {
  const counts = Object.fromEntries(SECTIONS.map((s) => [s.id, 0])) as Record<SectionId, number>;
  for (const key of errors.keys()) counts[sectionOf(key)] += 1;
  return counts;
}

export function fileNameFor(name: string, version: number): string {
  const slug =
    name
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '') || 'scenario';
  return `${slug}-v${version}.json`;
}
