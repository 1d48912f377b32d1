import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readSubtaskCsv, UploadFileError } from './read-csv.ts';
import type { RowOutcome } from './check-row.ts';

const digits = (value: string) => /^\+?\d{6,15}$/.test(value);

async function readAll(text: string | Buffer, chunkSize = 7): Promise<{ rows: RowOutcome[]; extras: readonly string[] }> {
  const buffer = Buffer.isBuffer(text) ? text : Buffer.from(text);
  const chunks: Buffer[] = [];
  for (let i = 0; i < buffer.length; i += chunkSize) chunks.push(buffer.subarray(i, i + chunkSize));
  let extras: readonly string[] = [];
  const rows: RowOutcome[] = [];
  for await (const row of readSubtaskCsv(Readable.from(chunks), {
    isValidPhone: digits,
    onHeader: (e) => {
      extras = e;
    },
  }))
    rows.push(row);
  return { rows, extras };
}

describe('readSubtaskCsv', () => {
  it('reads rows in any column order, keeps extras, parses businessInfo, strips a BOM, handles quotes and CRLF', async () => {
    const csv =
      '\uFEFFremark,phoneNumber,city,prologueInfo,businessInfo\r\n' +
      'vip,13800000001,"Hang, zhou",Hello Mr Li,"plan=gold&due=2026-12-01"\r\n' +
      '"line ""two""",+8613800000002,,Hi,\r\n';
    const { rows, extras } = await readAll(csv);
    expect(extras).toEqual(['city']);
    expect(rows).toEqual([
      {
        ok: true,
        value: {
          row: 2,
          phoneNumber: '13800000001',
          prologueInfo: 'Hello Mr Li',
          businessInfo: { plan: 'gold', due: '2026-12-01' },
          remark: 'vip',
          extra: { city: 'Hang, zhou' },
        },
      },
      {
        ok: true,
        value: { row: 3, phoneNumber: '+8613800000002', prologueInfo: 'Hi', businessInfo: {}, remark: 'line "two"', extra: { city: '' } },
      },
    ]);
  });

  it('rejects bad rows with their line numbers and reasons, and goes on', async () => {
    const csv =
      'phoneNumber,prologueInfo,businessInfo,remark\n' +
      ',a,,r\n' +
      '12ab,a,,r\n' +
      '13800000001,a,novalue,r\n' +
      '13800000001,a\n' +
      '13800000009,a,x=%E4%BD%A0,r\n';
    const { rows } = await readAll(csv);
    expect(rows.map((r) => (r.ok ? `ok:${r.value.row}` : `${r.value.problem}:${r.value.row}`))).toEqual([
      'phoneMissing:2',
      'phoneInvalid:3',
      'businessInfoInvalid:4',
      'columnCount:5',
      'ok:6',
    ]);
    expect(rows[4]).toMatchObject({ value: { businessInfo: { x: '你' } } });
  });

  it('refuses a file without the required columns, naming them', async () => {
    await expect(readAll('phoneNumber,remark\n1380000000,x\n')).rejects.toMatchObject({
      key: 'e.upload.missingFields',
      params: { columns: 'prologueInfo, businessInfo' },
    });
  });

  it('refuses an empty file and a file of blank lines', async () => {
    await expect(readAll('')).rejects.toBeInstanceOf(UploadFileError);
    await expect(readAll('\n\n')).rejects.toMatchObject({ key: 'e.upload.empty' });
  });

  it('refuses a malformed file (an unclosed quote)', async () => {
    await expect(readAll('phoneNumber,prologueInfo,businessInfo,remark\n"13800000001,a,,r\n')).rejects.toMatchObject({
      key: 'e.upload.malformed',
      params: { line: 2, reason: 'e.csv.quoteNotClosed' },
    });
  });

  it('refuses a bare quote inside an unquoted field with its line and reason (issue 15 point 6: it was a 500)', async () => {
    await expect(
      readAll('phoneNumber,prologueInfo,businessInfo,remark\n13800000001,a,,r\n13800000002,say "hi",,r\n'),
    ).rejects.toMatchObject({
      key: 'e.upload.malformed',
      params: { line: 3, reason: 'e.csv.quoteInField' },
    });
  });

  it('passes an input stream error through (an aborted upload)', async () => {
    const input = new Readable({ read() {} });
    input.push('phoneNumber,prologueInfo,businessInfo,remark\n13800000001,a,,r\n');
    const reading = (async () => {
      for await (const _ of readSubtaskCsv(input, { isValidPhone: digits })) void _;
    })();
    setTimeout(() => input.destroy(new Error('aborted by client')), 10);
    await expect(reading).rejects.toThrow('aborted by client');
  });
});
