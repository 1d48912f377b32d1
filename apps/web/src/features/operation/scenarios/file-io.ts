import type { FailedPath } from '@dialwise/contracts';
import { RequestFailure } from '../../../api/client.ts';

/** Saves `data` as a pretty-printed JSON file through the browser's download. */
export function downloadJson(data: unknown, fileName: string): void {
  const blob = new Blob([`${JSON.stringify(data, null, 2)}\n`], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export type ReadResult = { ok: true; content: unknown } | { ok: false; detail: string };

/** The file's JSON, or why it is not JSON (the parser's own words). */
export async function readJsonFile(file: Blob): Promise<ReadResult> {
  const text = await file.text();
  try {
    return { ok: true, content: JSON.parse(text) };
  } catch (error) {
    return { ok: false, detail: error instanceof Error ? error.message : String(error) };
  }
}

/** The failing paths an import failure carries (`data.fields` of the envelope), if any. */
export function failedPathsOf(error: unknown): FailedPath[] | null {
  if (!(error instanceof RequestFailure)) return null;
  const fields = (error.data as { fields?: unknown } | null)?.fields;
  return Array.isArray(fields) ? (fields as FailedPath[]) : null;
}
