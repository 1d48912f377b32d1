/** The one CSV writer of the product, used by the server's exports and the console's downloads alike. */

/**
 * One CSV cell: quoted when it holds a comma, quote or line break; a value that a spreadsheet would run as
 * a formula (starting with = + - @ or a tab/CR) gets a leading apostrophe (OWASP's CSV-injection advice),
 * since the export is opened in Excel.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(cells: readonly (string | number | null | undefined)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** Excel reads a CSV as UTF-8 (Chinese included) only when it starts with the byte-order mark. */
export const UTF8_BOM = '\uFEFF';
