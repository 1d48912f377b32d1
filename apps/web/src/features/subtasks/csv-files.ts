import { UPLOAD_REQUIRED_COLUMNS, translate, type Locale, type RejectedRow } from '@dialwise/contracts';

const quote = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** The rejected rows as a CSV the user can open next to their file: line, reason, column, value. */
export function rejectedRowsCsv(rows: readonly RejectedRow[], locale: Locale): string {
  const header = ['row', 'problem', 'reason', 'column', 'value'];
  const lines = rows.map((row) =>
    [String(row.row), row.problem, translate(`row.${row.problem}`, locale), row.column ?? '', row.value].map(quote).join(','),
  );
  return `\uFEFF${[header.join(','), ...lines].join('\r\n')}\r\n`;
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
