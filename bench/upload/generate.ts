import { createWriteStream, existsSync, statSync } from 'node:fs';
import { once } from 'node:events';

const CITIES = ['Hangzhou', 'Shanghai', 'Shenzhen', 'Beijing', 'Chengdu'];
const PLANS = ['gold', 'silver', 'basic'];

/** One realistic subtask row (about 130 bytes): a unique number, a prologue, query-string business info, a remark, 3 extras. */
export function row(i: number): string {
  const phone = `1${String(3_000_000_000 + i).padStart(10, '0')}`;
  return `${phone},Hello customer ${i % 1000} about your renewal,plan=${PLANS[i % 3]}&due=2026-12-${String((i % 28) + 1).padStart(2, '0')}&amount=${i % 5000},prefers afternoons,${CITIES[i % 5]},agent-${i % 40},seg-${i % 7}\n`;
}
export const HEADER = 'phoneNumber,prologueInfo,businessInfo,remark,city,agent,segment\n';

/**
 * Streams a CSV of at most `bytes` bytes (as close as whole rows allow) to `path` (never the whole file in memory) and answers its row
 * count. An existing file of the right size is reused.
 */
export async function generateCsv(path: string, bytes: number): Promise<{ rows: number; bytes: number }> {
  if (existsSync(path) && statSync(path).size <= bytes && statSync(path).size > bytes - 1024) {
    return { rows: countRowsFor(bytes), bytes: statSync(path).size };
  }
  const out = createWriteStream(path);
  let written = 0;
  let rows = 0;
  out.write(HEADER);
  written += HEADER.length;
  for (;;) {
    const line = row(rows);
    if (written + Buffer.byteLength(line) > bytes) break;
    rows += 1;
    written += Buffer.byteLength(line);
    if (!out.write(line)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return { rows, bytes: statSync(path).size };
}

/** The row count generateCsv writes for `bytes`: recomputed, so a cached file needs no count pass. */
function countRowsFor(bytes: number): number {
  let written = HEADER.length;
  let rows = 0;
  while (written + Buffer.byteLength(row(rows)) <= bytes) written += Buffer.byteLength(row(rows++));
  return rows;
}
