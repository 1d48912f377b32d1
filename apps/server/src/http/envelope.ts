import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { envelopeSchema, ErrorCode, translate, type Envelope } from '@dialwise/contracts';
import { requestLocale } from './locale.ts';

export function ok<T>(request: FastifyRequest, data: T): Envelope<T> {
  return { code: ErrorCode.OK, message: translate('e.ok', requestLocale(request)), data, traceId: request.id };
}

/**
 * Failures are serialized here, not by the route's response schema (which describes success only), so a
 * failure envelope always has the same shape whatever route raised it.
 */
export function sendFailure(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  code: number,
  message: string,
  data: unknown = null,
) {
  return reply
    .status(status)
    .type('application/json; charset=utf-8')
    .send(JSON.stringify({ code, message, data, traceId: request.id } satisfies Envelope<unknown>));
}

/** Route response schema: the envelope around the success payload. */
export function answers<T extends z.ZodType>(data: T) {
  return { 200: envelopeSchema(data) } as const;
}
