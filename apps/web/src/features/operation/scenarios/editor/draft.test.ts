import { describe, expect, it } from 'vitest';
import { scenarioDocumentSchema } from '@dialwise/contracts';
import {
  conditionOfType,
  countBySection,
  errorsUnder,
  fileNameFor,
  moveItem,
  newDraft,
  newRouter,
  removeItem,
  renameTool,
  sectionOf,
  serverErrors,
  setIn,
  toolOfKind,
  validateDraft,
} from './draft.ts';

const texts = { silencePrompt: 'Are you there?', silenceHangup: 'Bye.', bye: 'Goodbye.', transferOk: 'Connecting.', transferFail: 'Busy.' };
const MAIN = '00000000-0000-4000-8000-000000000001';

describe('scenario draft', () => {
  it('a new draft has sensible defaults and misses only its name (the built-in speech engines need no URL)', () => {
    const draft = newDraft(texts);
    expect(draft.tools.map((t) => t.kind)).toEqual(['hangup', 'transfer']);
    expect(draft.dialogAsr).toEqual({ provider: 'offline', url: '' });
    expect([...validateDraft(draft, 'en-US').keys()].sort()).toEqual(['name']);
    // A vendor needs its URL.
    const vendor = { ...draft, dialogAsr: { provider: 'ali' as const, url: '' }, tts: { provider: 'seed' as const, url: '' } };
    expect([...validateDraft(vendor, 'en-US').keys()].sort()).toEqual(['dialogAsr.url', 'name', 'tts.url']);
    const filled = {
      ...draft,
      name: 'Survey',
      dialogAsr: { provider: 'ali' as const, url: 'wss://asr.example' },
      tts: { provider: 'ali' as const, url: 'https://tts.example' },
    };
    expect(validateDraft(filled, 'en-US').size).toBe(0);
    expect(scenarioDocumentSchema.parse(filled)).toEqual(filled);
  });

  it('validation messages name the field in the chosen language', () => {
    const errors = validateDraft(newDraft(texts), 'zh-CN');
    expect(errors.get('name')).toBe('名称不能为空');
  });

  it('setIn copies only along the path', () => {
    const draft = newDraft(texts);
    const next = setIn(draft, ['tools', 1, 'alias'], 'to_agent');
    expect(next.tools[1]!.alias).toBe('to_agent');
    expect(draft.tools[1]!.alias).toBe('transfer');
    expect(next.tools[0]).toBe(draft.tools[0]);
    expect(next.silence).toBe(draft.silence);
  });

  it('moves and removes list items', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(removeItem(['a', 'b', 'c'], 1)).toEqual(['a', 'c']);
  });

  it('renaming a tool keeps the routers that use it pointing at it', () => {
    const draft = { ...newDraft(texts), routers: [{ ...newRouter('R'), target: { kind: 'tool' as const, toolAlias: 'transfer' } }] };
    const renamed = renameTool(draft, 1, 'to_agent');
    expect(renamed.routers[0]!.target).toEqual({ kind: 'tool', toolAlias: 'to_agent' });
  });

  it("switching a tool's kind keeps its alias and brings the kind's texts", () => {
    expect(toolOfKind({ kind: 'hangup', alias: 'x', text: '' }, 'transfer', { bye: 'B', ok: 'O', fail: 'F' })).toEqual({
      kind: 'transfer',
      alias: 'x',
      successText: 'O',
      failureText: 'F',
    });
    expect(conditionOfType('content', 'assistant')).toEqual({ type: 'content', role: 'assistant', keywords: [], match: 'any' });
  });

  it('duplicate tool aliases show "The alias already exists" on the second one', () => {
    const draft = {
      ...newDraft(texts),
      tools: [
        { kind: 'hangup' as const, alias: 'a', text: '' },
        { kind: 'hangup' as const, alias: 'A', text: '' },
      ],
    };
    expect(validateDraft(draft, 'en-US').get('tools.1.alias')).toBe('The alias already exists');
  });

  it('maps server failure paths onto the editor and sections', () => {
    const errors = serverErrors([
      { path: 'document.routers.0.target.mainId', message: 'x' },
      { path: 'scenario.filler.processorId', message: 'y' },
    ]);
    expect([...errors.keys()]).toEqual(['routers.0.target.mainId', 'filler.processorId']);
    expect(sectionOf('routers.0.target.mainId')).toBe('routers');
    expect(sectionOf('tags.2')).toBe('callbacks');
    expect(countBySection(errors)).toMatchObject({ routers: 1, streams: 1, basics: 0 });
    expect(errorsUnder(errors, ['routers', 0])).toEqual(['x']);
    expect(errorsUnder(errors, ['routers', 1])).toEqual([]);
  });

  it('a router with a stream target needs its main stream', () => {
    const router = newRouter('Talk');
    const draft = { ...newDraft(texts), routers: [router] };
    expect(validateDraft(draft, 'en-US').get('routers.0.target.mainId')).toBe('Choose a processor');
    const fixed = setIn(draft, ['routers', 0, 'target', 'mainId'], MAIN);
    expect(validateDraft(fixed, 'en-US').has('routers.0.target.mainId')).toBe(false);
  });

  it('export file names', () => {
    expect(fileNameFor('Renewal reminder', 2)).toBe('renewal-reminder-v2.json');
    expect(fileNameFor('续费 提醒', 1)).toBe('续费-提醒-v1.json');
    expect(fileNameFor('  ', 1)).toBe('scenario-v1.json');
  });
});
