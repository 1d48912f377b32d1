import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { formatIssue, isHost, sipLineCreateSchema, sipLineQuerySchema, sipLineUpdateSchema } from '../index.ts';

function errors(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`);
}

const id = '9b2c5a53-6a43-4d1f-9c1e-2f1e2c3d4e5f';
const valid = { alias: 'Main trunk', concurrency: 10, sipUsername: 'acme01', password: 's3cret', domain: 'sip.carrier.test', port: 5060 };

describe('SIP line create: alias, concurrency, username, password, domain and port required', () => {
  it('accepts a complete line with cps 5, enabled and the real SIP trunk by default', () => {
    expect(sipLineCreateSchema.parse(valid)).toMatchObject({ cps: 5, status: 'enabled', trunk: 'sip' });
  });
  it('every required field is required', () => {
    for (const field of ['alias', 'concurrency', 'sipUsername', 'password', 'domain', 'port'] as const) {
      const { [field]: _dropped, ...rest } = valid;
      const issues = sipLineCreateSchema.safeParse(rest).error!.issues;
      expect(issues.map((issue) => issue.path.join('.'))).toEqual([field]);
      expect(formatIssue(issues[0]!, 'en-US')).toMatch(/ is required$/);
    }
  });
  it('blank strings are refused as missing', () => {
    expect(errors(sipLineCreateSchema, { ...valid, alias: ' ', sipUsername: '', password: '', domain: '' })).toEqual([
      'alias:v.required',
      'sipUsername:v.required',
      'password:v.required',
      'domain:v.required',
    ]);
  });
  it.each([
    [0, ['port:v.sip.port']],
    [1, []],
    [65535, []],
    [65536, ['port:v.sip.port']],
    [50.5, ['port:v.integer']],
  ])('port %s', (port, expected) => {
    expect(errors(sipLineCreateSchema, { ...valid, port })).toEqual(expected);
  });
  it.each([
    [0, ['concurrency:v.sip.concurrency']],
    [1, []],
    [1000, []],
    [1001, ['concurrency:v.sip.concurrency']],
  ])('concurrency %s', (concurrency, expected) => {
    expect(errors(sipLineCreateSchema, { ...valid, concurrency })).toEqual(expected);
  });
  it.each([
    [0, ['cps:v.sip.cps']],
    [1, []],
    [100, []],
    [101, ['cps:v.sip.cps']],
  ])('calls per second %s', (cps, expected) => {
    expect(errors(sipLineCreateSchema, { ...valid, cps })).toEqual(expected);
  });
  it('a number given as text is refused, not coerced', () => {
    expect(errors(sipLineCreateSchema, { ...valid, port: '5060' })).toEqual(['port:v.integer']);
  });
  it('the SIP user name has no spaces; the trunk is sip or simulated', () => {
    expect(errors(sipLineCreateSchema, { ...valid, sipUsername: 'a b' })).toEqual(['sipUsername:v.noSpaces']);
    expect(errors(sipLineCreateSchema, { ...valid, trunk: 'simulated' })).toEqual([]);
    expect(errors(sipLineCreateSchema, { ...valid, trunk: 'webrtc' })).toHaveLength(1);
  });
  it('names the field in both languages', () => {
    const issue = sipLineCreateSchema.safeParse({ ...valid, port: 0 }).error!.issues[0]!;
    expect(formatIssue(issue, 'en-US')).toBe('Port must be 1–65535');
    expect(formatIssue(issue, 'zh-CN')).toBe('端口须为 1–65535');
  });
});

describe('domain: a host name or an IP address', () => {
  it.each(['sip.carrier.test', 'pbx', 'carrier-1.example.com.', '10.0.0.1', '255.255.255.255', '::1', '2001:db8::5'])(
    '%s is a host',
    (value) => {
      expect(isHost(value)).toBe(true);
      expect(errors(sipLineCreateSchema, { ...valid, domain: value })).toEqual([]);
    },
  );
  it.each([
    '10.0.0.256',
    '1.2.3',
    '-bad.example',
    'bad-.example',
    'has space.example',
    'a..b',
    'sip://carrier.test',
    `${'a'.repeat(64)}.test`,
  ])('%s is not', (value) => {
    expect(isHost(value)).toBe(false);
    expect(errors(sipLineCreateSchema, { ...valid, domain: value })).toEqual(['domain:v.sip.domain']);
  });
});

describe('SIP line update', () => {
  it('a blank or absent password keeps the stored one', () => {
    expect(errors(sipLineUpdateSchema, { id, version: 1, password: '' })).toEqual([]);
    expect(errors(sipLineUpdateSchema, { id, version: 1 })).toEqual([]);
    expect(errors(sipLineUpdateSchema, { id, version: 1, password: 'x'.repeat(129) })).toEqual(['password:v.tooLong']);
  });
  it('the other fields keep their rules', () => {
    expect(errors(sipLineUpdateSchema, { id, version: 1, port: 65536, concurrency: 0, domain: 'x y' })).toEqual([
      'concurrency:v.sip.concurrency',
      'domain:v.sip.domain',
      'port:v.sip.port',
    ]);
  });
});

describe('SIP line query', () => {
  it('defaults to page 1 of 10 and filters by status and trunk', () => {
    expect(sipLineQuerySchema.parse({})).toEqual({ page: 1, pageSize: 10 });
    expect(sipLineQuerySchema.parse({ status: 'disabled', trunk: 'simulated' })).toMatchObject({ status: 'disabled', trunk: 'simulated' });
  });
});
