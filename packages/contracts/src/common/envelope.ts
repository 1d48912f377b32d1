import { z } from 'zod';

/** Every JSON answer of the server: `code` 200 on success, otherwise one of `ErrorCode`. */
export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({
    code: z.number().int(),
    message: z.string(),
    data,
    traceId: z.string(),
  });
}

export interface Envelope<T> {
  code: number;
  message: string;
  data: T;
  traceId: string;
}

export const SUCCESS_CODE = 200;

export function isEnvelope(value: unknown): value is Envelope<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { code?: unknown }).code === 'number' &&
    typeof (value as { message?: unknown }).message === 'string'
  );
}

/** Paginated list payload shared by every list endpoint. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item), total: z.number().int().nonnegative() });
}
export interface Page<T> {
  list: T[];
  total: number;
}
