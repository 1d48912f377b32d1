import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { auditEntrySchema, auditQuerySchema } from '../index.ts';

/** The message keys a failed parse produced, for asserting which rule refused the value. */
function errors(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}
const accepts = (schema: z.ZodType, value: unknown) => expect(errors(schema, value)).toEqual([]);

describe('audit', () => {
  it('entries and the query', () => {
    accepts(auditEntrySchema, {
      id: 'a',
      at: '2026-11-22T00:00:00.000Z',
      actorId: null,
      actorName: null,
      companyId: null,
      action: 'login',
      entity: 'session',
      entityId: null,
      changes: {},
      traceId: null,
    });
    expect(auditQuerySchema.parse({})).toEqual({ page: 1, pageSize: 10 });
    expect(errors(auditQuerySchema, { companyId: 'nope' })).toEqual(['v.id']);
  });
});
