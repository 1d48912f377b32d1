import { describe, expect, it } from 'vitest';
import { LOCALE_STORAGE_KEY } from '@dialwise/contracts';
import { CONSOLE_MESSAGES, dictionary } from './messages.ts';
import { commonMessages } from './common.ts';
import { initialLocale } from './index.ts';

const storage = (value: string | null) => ({ getItem: (key: string) => (key === LOCALE_STORAGE_KEY ? value : null) });

describe('console strings', () => {
  it('every string exists, non-empty, in en-US and zh-CN with the same placeholders', () => {
    for (const [key, [en, zh]] of Object.entries(CONSOLE_MESSAGES)) {
      expect(en.trim(), key).not.toBe('');
      expect(zh.trim(), key).not.toBe('');
      const holes = (text: string) =>
        [...text.matchAll(/\{\{(\w+)\}\}/g)]
          .map((m) => m[1])
          .sort()
          .join();
      expect(holes(zh), key).toBe(holes(en));
    }
  });
  it('builds one flat dictionary per language', () => {
    expect(dictionary('en-US')['menu.workplace']).toBe('Workplace');
    expect(dictionary('zh-CN')['menu.workplace']).toBe('工作台');
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

describe('feature string modules', () => {
  it('no feature module redefines a key another defines (the later spread would silently win)', async () => {
    const { readFileSync, readdirSync, statSync } = await import('node:fs');
    const { join } = await import('node:path');
    const files: string[] = [join(import.meta.dirname, 'messages.ts')];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (name === 'locale.ts') files.push(path);
      }
    };
    walk(join(import.meta.dirname, '..', 'features'));
    const owners = new Map<string, number>();
    for (const file of files) {
      for (const match of readFileSync(file, 'utf8').matchAll(/^\s*'([\w.-]+)':\s*\[/gm))
        owners.set(match[1]!, (owners.get(match[1]!) ?? 0) + 1);
    }
    expect([...owners].filter(([, n]) => n > 1).map(([key]) => key)).toEqual([]);
  });
  it('no area repeats a common string under its own key (it asks for the common one)', () => {
    // Members of a family looked up by value (`tasks.action.${action}`) keep their family's key.
    const family = new Set(['tasks.filter.all', 'tasks.action.edit', 'tasks.action.delete']);
    const common = new Map(Object.entries(commonMessages).map(([key, [en, zh]]) => [`${en}|${zh}`, key]));
    const copies = Object.entries(CONSOLE_MESSAGES)
      .filter(([key, [en, zh]]) => !key.startsWith('common.') && !family.has(key) && common.has(`${en}|${zh}`))
      .map(([key]) => key);
    expect(copies).toEqual([]);
  });
});
