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

/**
 * Paths of every string (value or object key) in a parsed request part that is not safe text. Iterative, and a
 * path is built only for what is found: a walk over user data must not recurse (a body nested 20,000 deep
 * would overflow the stack) nor copy a growing path at every level (quadratic in the depth).
 */
export function findUnsafeText(value: unknown): PropertyKey[][] {
  interface Visit {
    value: unknown;
    key: PropertyKey | null;
    parent: Visit | null;
  }
  const pathOf = (visit: Visit, last?: PropertyKey): PropertyKey[] => {
    const path: PropertyKey[] = last === undefined ? [] : [last];
    for (let at: Visit | null = visit; at?.parent; at = at.parent) path.push(at.key!);
    return path.reverse();
  };
  const found: PropertyKey[][] = [];
  const stack: Visit[] = [{ value, key: null, parent: null }];
  while (stack.length > 0) {
    const visit = stack.pop()!;
    const here = visit.value;
    if (typeof here === 'string') {
      if (!isSafeText(here)) found.push(pathOf(visit));
    } else if (Array.isArray(here)) {
      for (let i = here.length - 1; i >= 0; i--) stack.push({ value: here[i], key: i, parent: visit });
    } else if (here && typeof here === 'object') {
      const entries = Object.entries(here);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, item] = entries[i]!;
        if (isSafeText(key)) stack.push({ value: item, key, parent: visit });
        else found.push(pathOf(visit, key.replace(UNSAFE_TEXT, '?')));
      }
    }
  }
  return found;
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
