import { csvLine, UPLOAD_REQUIRED_COLUMNS, UTF8_BOM, translate, type Locale, type RejectedRow } from '@dialwise/contracts';

/** The rejected rows as a CSV the user can open next to their file: line, reason, column, value. */
export function rejectedRowsCsv(rows: readonly RejectedRow[], locale: Locale): string {
  const lines = rows.map((row) => csvLine([row.row, row.problem, translate(`row.${row.problem}`, locale), row.column ?? '', row.value]));
  return UTF8_BOM + csvLine(['row', 'problem', 'reason', 'column', 'value']) + lines.join('');
}

/** A template with the required columns, one example row and one extra column. */
export function templateCsv(): string {
  return `${[...UPLOAD_REQUIRED_COLUMNS, 'city'].join(',')}\r\n13800000001,Hello Mr Li,plan=gold&due=2026-12-01,prefers afternoons,Hangzhou\r\n`;
}

/** Offers a text as a file download. */
export function downloadText(name: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
