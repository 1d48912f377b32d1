import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  COMPANY_FEATURES,
  DEFAULT_COMPANY_PERMISSIONS,
  companyCreateSchema,
  companyInputSchema,
  companyPermissionsSchema,
  companyQuerySchema,
  defaultAdminUsername,
  isIanaTimeZone,
  setGrantsSchema,
  usernameSchema,
  companySchema,
} from '../../index.ts';

function errors(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}
const accepts = (schema: z.ZodType, value: unknown) => expect(errors(schema, value)).toEqual([]);

const ok = { name: 'Initech', suffix: 'initech', adminEmail: 'it@initech.test' };

describe('company form', () => {
  it('name: 1 and 100 characters pass, 0 and 101 fail, a space fails', () => {
    expect(errors(companyInputSchema, { ...ok, name: 'x' })).toEqual([]);
    expect(errors(companyInputSchema, { ...ok, name: 'x'.repeat(100) })).toEqual([]);
    expect(errors(companyInputSchema, { ...ok, name: '' })).toContain('v.company.name');
    expect(errors(companyInputSchema, { ...ok, name: 'x'.repeat(101) })).toEqual(['v.company.name']);
    expect(errors(companyInputSchema, { ...ok, name: 'Ini\ttech' })).toEqual(['v.noSpaces']);
  });
  it('suffix: letters and digits only, 1–100', () => {
    expect(errors(companyInputSchema, { ...ok, suffix: 'Ab12' })).toEqual([]);
    expect(errors(companyInputSchema, { ...ok, suffix: 'ab_12' })).toEqual(['v.company.suffix']);
    expect(errors(companyInputSchema, { ...ok, suffix: '晓' })).toEqual(['v.company.suffix']);
  });
  it('time zone: an IANA name, or left out', () => {
    expect(errors(companyInputSchema, { ...ok, timezone: 'Asia/Shanghai' })).toEqual([]);
    expect(errors(companyInputSchema, { ...ok, timezone: 'UTC' })).toEqual([]);
    expect(errors(companyInputSchema, { ...ok, timezone: 'America/Argentina/Buenos_Aires' })).toEqual([]);
    expect(errors(companyInputSchema, ok)).toEqual([]);
    expect(errors(companyInputSchema, { ...ok, timezone: 'Mars/Olympus' })).toEqual(['v.company.timezone']);
    expect(errors(companyInputSchema, { ...ok, timezone: '+08:00' })).toEqual(['v.company.timezone']);
    expect(isIanaTimeZone('')).toBe(false);
  });
  it('quiet days: real dates written YYYY-MM-DD, at most 100, or left out', () => {
    expect(errors(companyInputSchema, { ...ok, quietDays: ['2026-10-01', '2028-02-29'] })).toEqual([]);
    expect(errors(companyInputSchema, { ...ok, quietDays: [] })).toEqual([]);
    expect(errors(companyInputSchema, { ...ok, quietDays: ['2026-02-30'] })).toEqual(['v.company.quietDay']);
    expect(errors(companyInputSchema, { ...ok, quietDays: ['2026-1-1'] })).toEqual(['v.company.quietDay']);
    expect(errors(companyInputSchema, { ...ok, quietDays: ['tomorrow'] })).toEqual(['v.company.quietDay']);
    const days = Array.from({ length: 101 }, (_, i) => new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10));
    expect(errors(companyInputSchema, { ...ok, quietDays: days.slice(0, 100) })).toEqual([]);
    expect(errors(companyInputSchema, { ...ok, quietDays: days })).toEqual(['v.company.quietDays']);
  });
  it('the first admin is admin_<suffix in lower case>, and an admin user name may be given instead', () => {
    expect(defaultAdminUsername(' AcMe ')).toBe('admin_acme');
    expect(usernameSchema.safeParse(defaultAdminUsername('a'.repeat(26))).success).toBe(true);
    expect(usernameSchema.safeParse(defaultAdminUsername('a'.repeat(27))).success).toBe(false);
    expect(errors(companyCreateSchema, { ...ok, adminUsername: '' })).toEqual([]);
    expect(errors(companyCreateSchema, { ...ok, adminUsername: 'boss' })).toEqual([]);
    expect(errors(companyCreateSchema, { ...ok, adminUsername: '1boss' })).toEqual(['v.username']);
  });
  it('list query: page defaults, state filter', () => {
    expect(companyQuerySchema.parse({})).toEqual({ page: 1, pageSize: 10 });
    expect(companyQuerySchema.safeParse({ state: 'archived' }).success).toBe(false);
  });
});

describe('company permissions', () => {
  it('concurrency is a whole number from 1 to 10000; features come from the list', () => {
    expect(errors(companyPermissionsSchema, DEFAULT_COMPANY_PERMISSIONS)).toEqual([]);
    expect(errors(companyPermissionsSchema, { ...DEFAULT_COMPANY_PERMISSIONS, maxConcurrency: 1 })).toEqual([]);
    expect(errors(companyPermissionsSchema, { ...DEFAULT_COMPANY_PERMISSIONS, maxConcurrency: 0 })).toHaveLength(1);
    expect(errors(companyPermissionsSchema, { ...DEFAULT_COMPANY_PERMISSIONS, maxConcurrency: 10_001 })).toHaveLength(1);
    expect(errors(companyPermissionsSchema, { ...DEFAULT_COMPANY_PERMISSIONS, maxConcurrency: 2.5 })).toHaveLength(1);
    expect(errors(companyPermissionsSchema, { ...DEFAULT_COMPANY_PERMISSIONS, features: [...COMPANY_FEATURES] })).toEqual([]);
    expect(companyPermissionsSchema.safeParse({ ...DEFAULT_COMPANY_PERMISSIONS, features: ['fly'] }).success).toBe(false);
  });
  it('defaults keep number reveal off', () => {
    expect(DEFAULT_COMPANY_PERMISSIONS.numberReveal).toBe(false);
  });
});

describe('grants', () => {
  it('takes a kind of voice, processor or scenario and uuids', () => {
    const companyId = '9b2c5a53-6a43-4d1f-9c1e-2f1e2c3d4e5f';
    expect(setGrantsSchema.safeParse({ companyId, version: 1, kind: 'voice', refIds: [] }).success).toBe(true);
    expect(setGrantsSchema.safeParse({ companyId, version: 1, kind: 'llm', refIds: [] }).success).toBe(false);
    expect(errors(setGrantsSchema, { companyId, version: 1, kind: 'voice', refIds: ['x'] })).toEqual(['v.id']);
  });
});

describe('companies (the form and the stored shape)', () => {
  const ok = { name: 'Acme', suffix: 'acme01', adminEmail: 'it@acme.co' };
  it('name 1–100 without spaces, suffix 1–100 letters and digits, admin e-mail', () => {
    accepts(companyInputSchema, ok);
    accepts(companyInputSchema, { ...ok, name: 'x'.repeat(100), suffix: 'y'.repeat(100) });
    expect(errors(companyInputSchema, { ...ok, name: '' })).toContain('v.company.name');
    expect(errors(companyInputSchema, { ...ok, name: 'x'.repeat(101) })).toEqual(['v.company.name']);
    expect(errors(companyInputSchema, { ...ok, name: 'Ac me' })).toEqual(['v.noSpaces']);
    expect(errors(companyInputSchema, { ...ok, suffix: 'ac-me' })).toEqual(['v.company.suffix']);
    expect(errors(companyInputSchema, { ...ok, suffix: 'y'.repeat(101) })).toContain('v.company.suffix');
    expect(errors(companyInputSchema, { ...ok, adminEmail: '' })).toEqual(['v.email']);
  });
  it('a stored company', () => {
    const company = {
      id: 'c',
      ...ok,
      state: 'normal',
      timezone: 'Asia/Shanghai',
      quietDays: [],
      isProvider: false,
      createdBy: null,
      updatedBy: null,
      createTime: '2026-11-22T00:00:00.000Z',
      updateTime: '2026-11-22T00:00:00.000Z',
      version: 1,
    };
    accepts(companySchema, company);
    expect(companySchema.safeParse({ ...company, state: 'gone' }).success).toBe(false);
  });
});
