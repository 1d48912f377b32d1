/**
 * The deepest nesting of arrays and objects a JSON request body may have. Our deepest document (a scenario
 * export: scenario → routers → conditions → keywords) nests 6 levels; 32 leaves room for what a client adds
 * and refuses what is only there to exhaust a walker (issue 29: 20,000 nested arrays overflowed the stack).
 */
export const MAX_JSON_DEPTH = 32;

/**
 * Whether JSON text nests arrays and objects deeper than `limit`: one pass over the text, before it is parsed,
 * skipping strings (a `[` inside a string is text), and stopping at the first level too deep. Safe on any
 * input, valid JSON or not: malformed text is JSON.parse's to refuse.
 */
export function jsonNestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      if (++depth > limit) return true;
    } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) depth--;
  }
  return false;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
