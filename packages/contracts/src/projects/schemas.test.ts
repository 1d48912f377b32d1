import { describe, expect, it } from 'vitest';
import { projectInputSchema, projectQuerySchema, projectUpdateSchema } from './schemas.ts';

const issues = (value: unknown, schema = projectInputSchema) => {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`);
};
const base = { name: 'Renewals', encryptionType: 'PLAIN_TEXT' };

describe('project form: name 2–30 characters without spaces, an encryption type', () => {
  it('name: 2 to 30 characters — 1 and 31 are refused, 2 and 30 accepted', () => {
    expect(issues({ ...base, name: 'a' })).toEqual(['name:v.project.name']);
    expect(issues({ ...base, name: 'ab' })).toEqual([]);
    expect(issues({ ...base, name: 'x'.repeat(30) })).toEqual([]);
    expect(issues({ ...base, name: 'x'.repeat(31) })).toEqual(['name:v.project.name']);
  });
  it('name: no spaces inside; blanks around are trimmed', () => {
    expect(issues({ ...base, name: 'spring renewal' })).toEqual(['name:v.noSpaces']);
    expect(issues({ ...base, name: 'tab\there' })).toEqual(['name:v.noSpaces']);
    expect(projectInputSchema.parse({ ...base, name: '  春季续费  ' }).name).toBe('春季续费');
  });
  it('encryption type is one of MD5, HEX, PLAIN_TEXT, CUSTOM', () => {
    for (const type of ['MD5', 'HEX', 'PLAIN_TEXT']) expect(issues({ ...base, encryptionType: type })).toEqual([]);
    expect(issues({ ...base, encryptionType: 'MENA' })).toHaveLength(1);
  });
  it('CUSTOM needs a valid http(s) API URL; the others need none', () => {
    expect(issues({ ...base, encryptionType: 'CUSTOM' })).toEqual(['encryptionApiUrl:v.project.apiUrlRequired']);
    expect(issues({ ...base, encryptionType: 'CUSTOM', encryptionApiUrl: '  ' })).toEqual(['encryptionApiUrl:v.project.apiUrlRequired']);
    expect(issues({ ...base, encryptionType: 'CUSTOM', encryptionApiUrl: 'https://crm.example.com/decode' })).toEqual([]);
    expect(issues({ ...base, encryptionType: 'CUSTOM', encryptionApiUrl: 'http://10.0.0.5:8080/x?y=1' })).toEqual([]);
    expect(issues({ ...base, encryptionType: 'CUSTOM', encryptionApiUrl: 'ftp://example.com/x' })).toEqual([
      'encryptionApiUrl:v.project.apiUrl',
    ]);
    expect(issues({ ...base, encryptionType: 'CUSTOM', encryptionApiUrl: 'not a url' })).toEqual(['encryptionApiUrl:v.project.apiUrl']);
    expect(issues({ ...base, encryptionType: 'MD5', encryptionApiUrl: '' })).toEqual([]);
  });
  it('the edit form keeps every rule and needs the id', () => {
    expect(issues({ ...base, name: 'a', id: 'nope', version: 1 }, projectUpdateSchema)).toEqual(['name:v.project.name', 'id:v.id']);
  });
  it('the list query defaults to page 1 of 10', () => {
    expect(projectQuerySchema.parse({})).toEqual({ page: 1, pageSize: 10 });
  });
});
