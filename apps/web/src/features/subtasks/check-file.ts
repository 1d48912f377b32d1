import { LIMITS, UPLOAD_REQUIRED_COLUMNS, type MessageKey } from '@dialwise/contracts';

export interface FileProblem {
  key: Extract<MessageKey, `e.upload.${string}`>;
  params?: Record<string, string>;
}

/** Splits one CSV line into cells (quotes and doubled quotes understood), enough to read a header. */
function cells(line: string): string[] {
  const out: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      out.push(cell);
      cell = '';
    } else cell += c;
  }
  out.push(cell);
  return out.map((value) => value.trim());
}

/** A blob's text through FileReader (every browser has it; jsdom's Blob has no text()). */
function readText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable file'));
    reader.readAsText(blob);
  });
}

/**
 * The spec's upload errors caught before a byte is sent: not a .csv, empty, over 200 MB, required
 * columns missing (from the first 64 KB). The server checks all of them again.
 */
export async function checkCsvFile(file: File, maxBytes: number = LIMITS.upload.maxBytes): Promise<FileProblem | null> {
  if (!file.name.toLowerCase().endsWith(LIMITS.upload.extension)) return { key: 'e.upload.wrongType' };
  if (file.size === 0) return { key: 'e.upload.empty' };
  if (file.size > maxBytes) return { key: 'e.upload.tooLarge' };
  const head = (await readText(file.slice(0, 64 * 1024))).replace(/^\uFEFF/, '');
  if (head.includes('\u0000')) return { key: 'e.upload.wrongType' };
  const lines = head.split(/\r?\n/).filter((line) => line.trim() !== '');
  if (lines.length === 0) return { key: 'e.upload.empty' };
  const header = cells(lines[0]!);
  const missing = UPLOAD_REQUIRED_COLUMNS.filter((column) => !header.includes(column));
  if (missing.length > 0) return { key: 'e.upload.missingFields', params: { columns: missing.join(', ') } };
  if (lines.length === 1 && file.size <= head.length + 3) return { key: 'e.upload.empty' };
  return null;
}
