import { z } from 'zod';
import { isoDateTime, pageQuerySchema } from '../common/fields.ts';

/** One write the server performed: who, when, on what, and what changed (secrets redacted). */
export const auditEntrySchema = z.object({
  id: z.string(),
  at: isoDateTime,
  actorId: z.string().nullable(),
  actorName: z.string().nullable(),
  companyId: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  changes: z.record(z.string(), z.unknown()),
  traceId: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditQuerySchema = pageQuerySchema.extend({
  entity: z.string().max(64).optional(),
  action: z.string().max(64).optional(),
  actorId: z.uuid({ error: 'v.id' }).optional(),
  /** DEV only: read another company's entries. */
  companyId: z.uuid({ error: 'v.id' }).optional(),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

/** Values of these keys never reach the audit log, whatever entity they belong to. */
export const SECRET_KEYS = [
  'password',
  'newPassword',
  'currentPassword',
  'confirmPassword',
  'passwordHash',
  'apiKey',
  'token',
  'secret',
  'sipPassword',
] as const;
export const REDACTED = '[redacted]';

export function redactSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactSecrets);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [
        key,
        (SECRET_KEYS as readonly string[]).includes(key) || /password|secret|apikey|token/i.test(key) ? REDACTED : redactSecrets(inner),
      ]),
    );
  }
  return value;
}
