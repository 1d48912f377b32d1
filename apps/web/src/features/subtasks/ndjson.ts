/** Complete JSON lines of an NDJSON text, and the unfinished rest (a line still arriving). */
export function splitNdjson(text: string): { lines: Record<string, unknown>[]; rest: string } {
  const end = text.lastIndexOf('\n');
  const complete = end < 0 ? '' : text.slice(0, end);
  const lines: Record<string, unknown>[] = [];
  for (const raw of complete.split('\n')) {
    const line = raw.trim();
    if (line === '') continue;
    try {
      lines.push(JSON.parse(line) as Record<string, unknown>);
    } catch {
      // A line that is not JSON (a proxy's error page) is skipped; the envelope check then fails loudly.
    }
  }
  return { lines, rest: end < 0 ? text : text.slice(end + 1) };
}
