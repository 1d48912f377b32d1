import { z } from 'zod';

/**
 * Text the platform refuses anywhere in a request: the NUL character (PostgreSQL cannot store it in text
 * or jsonb) and a lone UTF-16 surrogate (not text at all: it has no UTF-8 form). Written as code units, so
 * no `u` flag: a high surrogate not followed by a low one, or a low one not preceded by a high one.
 */
const UNSAFE_TEXT = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isSafeText(value: string): boolean {
  return !UNSAFE_TEXT.test(value);
}

/** Paths of every string (value or object key) in a parsed request part that is not safe text. */
export function findUnsafeText(value: unknown, path: PropertyKey[] = []): PropertyKey[][] {
  if (typeof value === 'string') return isSafeText(value) ? [] : [path];
  if (Array.isArray(value)) return value.flatMap((item, i) => findUnsafeText(item, [...path, i]));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) =>
      isSafeText(key) ? findUnsafeText(item, [...path, key]) : [[...path, key.replace(UNSAFE_TEXT, '?')]],
    );
  }
  return [];
}

/**
 * The one rule for every text field of every request: wraps a request schema so unsafe text anywhere in
 * the input fails first, with one 'v.text.unsafe' issue per field, before the schema's own rules run. The
 * server applies it to every body, query and params schema (its validator compiler), so a new text field
 * needs nothing of its own; a form may wrap its schema the same way.
 */
export function rejectUnsafeText<T extends z.ZodType>(schema: T) {
  return z
    .unknown()
    .superRefine((value, ctx) => {
      for (const path of findUnsafeText(value)) ctx.addIssue({ code: 'custom', path, message: 'v.text.unsafe', input: value });
    })
    .pipe(schema);
}
