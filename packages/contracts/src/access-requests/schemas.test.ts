import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { accessRequestQuerySchema, accessRequestSchema, resolveAccessRequestSchema } from '../index.ts';

/** The message keys a failed parse produced, for asserting which rule refused the value. */
function errors(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}
const accepts = (schema: z.ZodType, value: unknown) => expect(errors(schema, value)).toEqual([]);

describe('access requests', () => {
  it('access requests', () => {
    accepts(accessRequestSchema, {
      id: 'r',
      kind: 'register',
      companyId: null,
      username: null,
      payload: { a: 'b' },
      status: 'open',
      createTime: '2026-11-22T00:00:00.000Z',
    });
    expect(accessRequestQuerySchema.parse({})).toEqual({ page: 1, pageSize: 10 });
    expect(accessRequestQuerySchema.safeParse({ kind: 'other' }).success).toBe(false);
    expect(errors(resolveAccessRequestSchema, { id: 'x' })).toEqual(['v.id']);
  });
});
