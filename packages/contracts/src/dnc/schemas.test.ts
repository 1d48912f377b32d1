import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { dncAddSchema } from './schemas.ts';
import { ENDPOINT_TABLE } from '../endpoint-table.ts';
import { fieldLabel, formatIssue } from '../i18n.ts';

describe('adding numbers to the do-not-call list', () => {
  it('keeps numbers normalized', () => {
    expect(dncAddSchema.parse({ phones: ['138 0000 0001', '+86 (10) 1234-5678'] }).phones).toEqual(['13800000001', '+861012345678']);
  });

  it('refuses the entries that are not phone numbers together, by what was typed, on the list field', () => {
    const issues = dncAddSchema.safeParse({ phones: ['abc', '13800000001', '12'] }).error!.issues;
    expect(issues).toHaveLength(1);
    expect(issues[0]!.path).toEqual(['phones']);
    expect(formatIssue(issues[0]!, 'en-US')).toBe('Not phone numbers: abc, 12');
    expect(formatIssue(issues[0]!, 'zh-CN')).toBe('以下不是电话号码：abc, 12');
  });

  it('names the first ten refused entries and counts the rest', () => {
    const junk = Array.from({ length: 13 }, (_, i) => `x${i}`);
    const issue = dncAddSchema.safeParse({ phones: junk }).error!.issues[0]!;
    expect(formatIssue(issue, 'en-US')).toBe(`Not phone numbers: ${junk.slice(0, 10).join(', ')} (+3)`);
  });
});

/** The names of the list fields of an object schema (through optional, default and pipe wrappers), nested too. */
function listFields(schema: z.ZodType, seen = new Set<z.ZodType>()): string[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = (schema as unknown as { def: Record<string, unknown> & { type: string } }).def;
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
      return listFields(def.innerType as z.ZodType, seen);
    case 'pipe':
      return [...listFields(def.in as z.ZodType, seen), ...listFields(def.out as z.ZodType, seen)];
    case 'object':
      return Object.entries(def.shape as Record<string, z.ZodType>).flatMap(([key, field]) => {
        const inner = listFields(field, seen);
        return isList(field) ? [key, ...inner] : inner;
      });
    case 'array':
      return listFields(def.element as z.ZodType, seen);
    case 'union':
      return (def.options as z.ZodType[]).flatMap((option) => listFields(option, seen));
    default:
      return [];
  }
}

function isList(schema: z.ZodType): boolean {
  const def = (schema as unknown as { def: Record<string, unknown> & { type: string } }).def;
  if (def.type === 'array') return true;
  if (def.type === 'pipe') return isList(def.in as z.ZodType);
  const inner = def.innerType as z.ZodType | undefined;
  return inner ? isList(inner) : false;
}

describe('list fields in refusals', () => {
  it('every list field a request takes has a label, so an entry refused is named "Keywords, item 2", never "keywords.1"', () => {
    const fields = new Set<string>();
    for (const area of Object.values(ENDPOINT_TABLE)) {
      for (const endpoint of Object.values(area)) {
        for (const part of [endpoint.body, endpoint.query]) if (part) for (const field of listFields(part)) fields.add(field);
      }
    }
    expect(fields.size).toBeGreaterThan(10);
    const unlabelled = [...fields].filter((field) => fieldLabel([field, '0'], 'en-US').startsWith(`${field}.`));
    expect(unlabelled).toEqual([]);
  });
});
