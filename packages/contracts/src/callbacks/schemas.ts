import { z } from 'zod';
import { idSchema, isoDateTime } from '../common/fields.ts';
import { CALLBACK_EVENTS } from '../operation/scenarios/schemas.ts';

/**
 * Callbacks: a scenario subscribes URLs to call events (`answered`, `transferred`, `ended`,
 * `analysisDone`); each event is POSTed as JSON, signed with the company's callback secret, and retried
 * from a database outbox. The call record shows every delivery and its attempts.
 */
export type CallbackEvent = (typeof CALLBACK_EVENTS)[number];

/** The header carrying `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`. */
export const CALLBACK_SIGNATURE_HEADER = 'x-dialwise-signature';
export const CALLBACK_EVENT_HEADER = 'x-dialwise-event';
/** The delivery's id: the same on every retry of one event, so a receiver can drop duplicates. */
export const CALLBACK_DELIVERY_HEADER = 'x-dialwise-delivery';

export const CALLBACK_LIMITS = {
  /** One POST may take this long before it counts as failed. */
  timeoutMs: 10_000,
  /** Attempts before a delivery is given up as failed. */
  maxAttempts: 8,
  /** Wait after the first failure; doubled after each further one, up to `maxDelayMs`. */
  firstDelayMs: 10_000,
  maxDelayMs: 60 * 60_000,
  /** A signed recording link in a payload stays valid this long. */
  recordingLinkMs: 7 * 24 * 60 * 60_000,
} as const;

export const callbackAttemptSchema = z.object({
  at: isoDateTime,
  /** The receiver's HTTP status; null when no answer came (timeout, refused address, network). */
  status: z.number().int().nullable(),
  /** Why it failed, in short (null on success). */
  error: z.string().nullable(),
  ms: z.number().int(),
});
export type CallbackAttempt = z.infer<typeof callbackAttemptSchema>;

export const callbackDeliverySchema = z.object({
  id: idSchema,
  event: z.enum(CALLBACK_EVENTS),
  url: z.string(),
  state: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.array(callbackAttemptSchema),
  nextAttemptAt: isoDateTime.nullable(),
  deliveredAt: isoDateTime.nullable(),
});
export type CallbackDelivery = z.infer<typeof callbackDeliverySchema>;

export const callbackSecretQuerySchema = z.strictObject({ companyId: idSchema });

/** Where a company's callback secret stands; the secret itself only in the answer of a rotation. */
export const callbackSecretStatusSchema = z.object({
  set: z.boolean(),
  rotatedAt: isoDateTime.nullable(),
});
export type CallbackSecretStatus = z.infer<typeof callbackSecretStatusSchema>;

export const rotatedCallbackSecretSchema = z.object({ secret: z.string(), rotatedAt: isoDateTime });
export type RotatedCallbackSecret = z.infer<typeof rotatedCallbackSecretSchema>;
