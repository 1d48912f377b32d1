import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MESSAGES, REDACTED, fieldLabel, formatIssue, pickLocale, redactSecrets, translate } from './index.ts';

describe('messages', () => {
  it('every message exists, non-empty, in both languages with the same placeholders', () => {
    const holes = (text: string) =>
      [...text.matchAll(/\{(\w+)\}/g)]
        .map((m) => m[1])
        .sort()
        .join(',');
    expect(Object.keys(MESSAGES['zh-CN']).sort()).toEqual(Object.keys(MESSAGES['en-US']).sort());
    for (const [key, en] of Object.entries(MESSAGES['en-US'])) {
      const zh = MESSAGES['zh-CN'][key as keyof (typeof MESSAGES)['zh-CN']];
      expect(en.trim(), `${key} in en-US`).toBeTruthy();
      expect(zh.trim(), `${key} in zh-CN`).toBeTruthy();
      expect(holes(zh), key).toBe(holes(en));
    }
  });
  it('translate fills parameters and leaves unknown keys as they are', () => {
    expect(translate('e.rateLimited', 'en-US', { seconds: 30 })).toBe('Too many failed sign-ins; try again in 30 s');
    expect(translate('e.rateLimited', 'zh-CN', { seconds: 30 })).toContain('30');
    expect(translate('no.such.key', 'en-US')).toBe('no.such.key');
  });
  it('field labels name the field, or its path, or the body', () => {
    expect(fieldLabel(['email'], 'en-US')).toBe('E-mail');
    expect(fieldLabel(['profile', 'email'], 'zh-CN')).toBe('邮箱');
    expect(fieldLabel(['items', 0, 'mystery'], 'en-US')).toBe('items.0.mystery');
    // An entry of a list names the list and its place, whether the index is a number (zod) or a digit string
    // (the server's validation error): never "keywords.1".
    expect(fieldLabel(['keywords', 1], 'en-US')).toBe('Keywords, item 2');
    expect(fieldLabel(['keywords', '1'], 'zh-CN')).toBe('关键词第 2 项');
    expect(fieldLabel(['routers', '0', 'keywords', '3'], 'en-US')).toBe('Keywords, item 4');
    expect(fieldLabel([], 'en-US')).toBe('Request body');
  });
  it('formats zod issues as one sentence naming the field, in either language', () => {
    const schema = z
      .object({
        username: z.string(),
        role: z.enum(['admin', 'agent']),
        pageSize: z.number().max(100),
        email: z.email({ error: 'v.email' }),
      })
      .strict();
    const issues = schema.safeParse({ role: 'x', pageSize: 500, email: 'no', extra: 1 }).error!.issues;
    const en = issues.map((issue) => formatIssue(issue, 'en-US'));
    expect(en).toContain('User name is required');
    expect(en).toContain('Role must be one of: admin, agent');
    expect(en).toContain('Page size must be at most 100');
    expect(en).toContain('E-mail must be a valid e-mail address');
    expect(en).toContain('Unknown field extra');
    expect(issues.map((issue) => formatIssue(issue, 'zh-CN'))).toContain('用户名不能为空');
  });
});

describe('pickLocale (reading taken: English browsers get en-US, everything else zh-CN)', () => {
  it.each([
    ['en-GB,en;q=0.9', 'en-US'],
    ['zh-TW,zh;q=0.9', 'zh-CN'],
    ['fr-FR,en;q=0.5', 'en-US'],
    ['fr-FR', 'zh-CN'],
    ['', 'zh-CN'],
    [undefined, 'zh-CN'],
  ] as const)('%s → %s', (header, expected) => {
    expect(pickLocale(header)).toBe(expected);
  });
  it('reads a navigator.languages list in order', () => {
    expect(pickLocale(['de-DE', 'en-US', 'zh-CN'])).toBe('en-US');
    expect(pickLocale([])).toBe('zh-CN');
  });
});

describe('redactSecrets', () => {
  it('redacts secret keys at any depth and leaves the rest', () => {
    const input = { username: 'a', password: 'p', nested: { sipPassword: 's', apiKey: 'k', list: [{ myToken: 't', keep: 1 }] } };
    expect(redactSecrets(input)).toEqual({
      username: 'a',
      password: REDACTED,
      nested: { sipPassword: REDACTED, apiKey: REDACTED, list: [{ myToken: REDACTED, keep: 1 }] },
    });
    expect(input.password).toBe('p');
    expect(redactSecrets('plain')).toBe('plain');
  });
});

describe('message files', () => {
  it('each area has one JSON file per language with the same keys, and no area redefines a key another defines', async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const { dirname, join } = await import('node:path');
    // Every `messages/en-US.json` (common/'s and each area's) and its `zh-CN.json` beside it.
    const english = readdirSync(import.meta.dirname, { recursive: true, encoding: 'utf8' }).filter((name) =>
      /(^|\/)messages\/en-US\.json$/.test(name),
    );
    // The walk finds every file the catalogue lists, and the catalogue lists every file (a forgotten one would be
    // keys shown raw).
    const listed = readFileSync(join(import.meta.dirname, 'i18n.ts'), 'utf8').match(/from '[^']*messages\/en-US\.json'/g) ?? [];
    expect(english).toHaveLength(listed.length);
    const owners = new Map<string, string[]>();
    for (const file of english) {
      const keysOf = (name: string) => Object.keys(JSON.parse(readFileSync(join(import.meta.dirname, name), 'utf8')) as object);
      const keys = keysOf(file);
      expect(keysOf(join(dirname(file), 'zh-CN.json')), file).toEqual(keys);
      for (const key of keys) owners.set(key, [...(owners.get(key) ?? []), file]);
    }
    const duplicated = [...owners].filter(([, where]) => where.length > 1).map(([key]) => key);
    expect(duplicated).toEqual([]);
  });
});
