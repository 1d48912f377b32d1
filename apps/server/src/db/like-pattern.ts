/** A LIKE/ILIKE pattern for "contains", with the user's %, _ and \ taken literally (PostgreSQL's default escape is \). */
export function containsPattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
