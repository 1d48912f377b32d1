import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { LOCALE_STORAGE_KEY } from '@dialwise/contracts';
import commonEnUS from './common/en-US.json' with { type: 'json' };
import commonZhCN from './common/zh-CN.json' with { type: 'json' };
import { consoleDictionary, initialLocale } from './index.ts';

const DICTIONARIES = { 'en-US': await consoleDictionary('en-US'), 'zh-CN': await consoleDictionary('zh-CN') };
/** Every string as [en-US, zh-CN]. */
const CONSOLE_MESSAGES = Object.entries(DICTIONARIES['en-US']).map(([key, en]) => [key, [en, DICTIONARIES['zh-CN'][key] ?? '']] as const);

const storage = (value: string | null) => ({ getItem: (key: string) => (key === LOCALE_STORAGE_KEY ? value : null) });

describe('console strings', () => {
  it('every string exists, non-empty, in en-US and zh-CN with the same placeholders', () => {
    expect(Object.keys(DICTIONARIES['zh-CN']).sort()).toEqual(Object.keys(DICTIONARIES['en-US']).sort());
    for (const [key, [en, zh]] of CONSOLE_MESSAGES) {
      expect(en.trim(), key).not.toBe('');
      expect(zh.trim(), key).not.toBe('');
      const holes = (text: string) =>
        [...text.matchAll(/\{\{(\w+)(?:, ?\w+)?\}\}/g)]
          .map((m) => m[1])
          .sort()
          .join();
      expect(holes(zh), key).toBe(holes(en));
    }
  });
  it('builds one flat dictionary per language, boot strings and areas', () => {
    expect(DICTIONARIES['en-US']['menu.workplace']).toBe('Workplace');
    expect(DICTIONARIES['zh-CN']['menu.workplace']).toBe('工作台');
    expect(DICTIONARIES['zh-CN']['dnc.title']).toBe('免打扰名单');
  });
});

describe('counts in English', () => {
  const english = i18next.createInstance();
  const chinese = i18next.createInstance();
  for (const [instance, locale] of [
    [english, 'en-US'],
    [chinese, 'zh-CN'],
  ] as const) {
    void instance.init({
      lng: locale,
      resources: { [locale]: { translation: DICTIONARIES[locale] } },
      keySeparator: false,
      nsSeparator: false,
      interpolation: { escapeValue: false },
    });
  }

  it('one is singular, any other count plural; Chinese has one form', () => {
    expect(english.t('tasks.done.clearPending', { count: 1 })).toBe('1 pending number removed');
    expect(english.t('tasks.done.clearPending', { count: 0 })).toBe('0 pending numbers removed');
    expect(english.t('tasks.done.clearPending', { count: 2 })).toBe('2 pending numbers removed');
    expect(english.t('dnc.import.rejected', { count: 1 })).toBe('1 line was not a phone number');
    expect(english.t('projects.delete.confirm', { name: 'A', count: 1 })).toBe('Delete "A" with its 1 task and all its numbers?');
    expect(english.t('upload.processing', { count: 1 })).toBe('1 row processed');
    expect(chinese.t('tasks.done.clearPending', { count: 1 })).toBe('已清空 1 个待呼号码');
  });

  it('a count is grouped as every other number of the console: "1,390", in both languages', () => {
    expect(english.t('upload.processing', { count: 1390 })).toBe('1,390 rows processed');
    expect(chinese.t('upload.processing', { count: 1390 })).toBe('已处理 1,390 行');
    expect(english.t('common.total', { count: 1738 })).toBe('Total: 1,738');
    expect(chinese.t('common.total', { count: 1738 })).toBe('共 1,738 条');
    // Every count is written {{count, number}}: a bare {{count}} would show 1390 beside a tile's 1,390.
    const bare = CONSOLE_MESSAGES.filter(([, texts]) => texts.some((text) => text.includes('{{count}}')));
    expect(bare.map(([key]) => key)).toEqual([]);
  });

  it('every English string that counts a noun has its singular form (`_one`), beside a plural one', () => {
    const keys = CONSOLE_MESSAGES.map(([key]) => key);
    // Counts that are never one: extra columns are shown above ten, the capped total is the cap, the earlier
    // calls are counted only when more than those shown, the breaker looks at five calls or more, and the
    // advertising text's limit is a constant.
    const neverOne = new Set([
      'upload.tooManyColumns',
      'callRecords.totalCapped',
      'callRecords.historyMore',
      'tasks.reason.breaker',
      'sf.words',
    ]);
    // "{{count}} calls", "{{count}} lines were …", "with its {{count}} tasks", "the {{count}} highlighted problems": any
    // placeholder before a plural noun counts it, whatever its name ("at least {{value}} rounds" said "1 rounds").
    // Words that follow a name, not a number ("{{name}} is", "{{provider}} credentials", "{{ms}} ms").
    const countsNoun = /\{\{(\w+)(?:, ?\w+)?\}\}(?: [a-z]+)? (?!(?:is|was|has|as|says|arrives|credentials|ms)\b)[a-z]+s\b/;
    const counting = CONSOLE_MESSAGES.filter(([key, [en]]) => !key.endsWith('_one') && !neverOne.has(key) && countsNoun.test(en));
    expect(counting.length).toBeGreaterThan(10);
    // i18next picks the singular by `count` alone: a noun counted by another placeholder never gets it.
    expect(counting.filter(([, [en]]) => countsNoun.exec(en)?.[1] !== 'count').map(([key]) => key)).toEqual([]);
    expect(counting.filter(([key]) => !keys.includes(`${key}_one`)).map(([key]) => key)).toEqual([]);
    for (const key of keys.filter((k) => k.endsWith('_one'))) expect(keys, key).toContain(key.slice(0, -4));
  });
});

describe('initial language (reading taken: English browsers get en-US, any other zh-CN)', () => {
  it('a saved choice under arco-locale wins', () => {
    expect(initialLocale(storage('zh-CN'), ['en-US'])).toBe('zh-CN');
    expect(initialLocale(storage('en-US'), ['fr-FR'])).toBe('en-US');
  });
  it('with nothing (or junk) saved, English browsers get en-US and the others zh-CN', () => {
    expect(initialLocale(storage(null), ['en-GB', 'fr'])).toBe('en-US');
    expect(initialLocale(storage('klingon'), ['fr-FR'])).toBe('zh-CN');
    expect(initialLocale(storage(null), [])).toBe('zh-CN');
  });
});

describe('string files', () => {
  it('each has one JSON file per language with the same keys, and none redefines a key another defines', async () => {
    const { readFileSync, readdirSync, statSync } = await import('node:fs');
    const { join } = await import('node:path');
    // The boot strings' folders and every `locale/` folder under features/.
    const folders = [
      join(import.meta.dirname, 'shell'),
      join(import.meta.dirname, 'common'),
      join(import.meta.dirname, '..', 'forms', 'locale'),
    ];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (!statSync(path).isDirectory()) continue;
        if (name === 'locale') folders.push(path);
        else walk(path);
      }
    };
    walk(join(import.meta.dirname, '..', 'features'));
    expect(folders.length).toBeGreaterThan(20);
    const owners = new Map<string, number>();
    for (const folder of folders) {
      const keysOf = (locale: string) => Object.keys(JSON.parse(readFileSync(join(folder, `${locale}.json`), 'utf8')) as object);
      expect(keysOf('zh-CN'), folder).toEqual(keysOf('en-US'));
      for (const key of keysOf('en-US')) owners.set(key, (owners.get(key) ?? 0) + 1);
    }
    expect([...owners].filter(([, n]) => n > 1).map(([key]) => key)).toEqual([]);
    // The chunks hold every file's strings.
    expect(Object.keys(DICTIONARIES['en-US'])).toHaveLength(owners.size);
  });
  it('no area repeats a common string under its own key (it asks for the common one)', () => {
    // Members of a family looked up by value (`tasks.action.${action}`) keep their family's key.
    const family = new Set(['tasks.filter.all', 'tasks.action.edit', 'tasks.action.delete']);
    const common = new Map(Object.entries(commonEnUS).map(([key, en]) => [`${en}|${commonZhCN[key as keyof typeof commonZhCN]}`, key]));
    const copies = CONSOLE_MESSAGES.filter(
      ([key, [en, zh]]) => !key.startsWith('common.') && !family.has(key) && common.has(`${en}|${zh}`),
    ).map(([key]) => key);
    expect(copies).toEqual([]);
  });
});
