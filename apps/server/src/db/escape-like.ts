/** Escapes LIKE wildcards so a search for "50%_off" matches that text literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
