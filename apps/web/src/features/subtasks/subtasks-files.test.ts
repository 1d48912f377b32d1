import { describe, expect, it } from 'vitest';
import { LIMITS } from '@dialwise/contracts';
import { checkCsvFile } from './check-file.ts';
import { rejectedRowsCsv, templateCsv } from './csv-files.ts';
import { splitNdjson } from './ndjson.ts';

const file = (text: string, name = 'numbers.csv') => new File([text], name, { type: 'text/csv' });

describe('checking a file before it is sent (upload errors)', () => {
  it('accepts a CSV with the required columns in any order, quoted or with a BOM', async () => {
    expect(await checkCsvFile(file('phoneNumber,prologueInfo,businessInfo,remark\n13800000001,Hi,,\n'))).toBeNull();
    expect(await checkCsvFile(file('\uFEFF"remark","businessInfo",prologueInfo,phoneNumber,city\r\nx,,Hi,13800000001,HZ\r\n'))).toBeNull();
  });
  it('refuses another type, an empty file, a header alone, and names missing columns', async () => {
    expect(await checkCsvFile(file('a', 'numbers.xlsx'))).toEqual({ key: 'e.upload.wrongType' });
    expect(await checkCsvFile(file(''))).toEqual({ key: 'e.upload.empty' });
    expect(await checkCsvFile(file('phoneNumber,prologueInfo,businessInfo,remark\n'))).toEqual({ key: 'e.upload.empty' });
    expect(await checkCsvFile(file('phoneNumber,remark\n1,2\n'))).toEqual({
      key: 'e.upload.missingFields',
      params: { columns: 'prologueInfo, businessInfo' },
    });
    expect(await checkCsvFile(file('PK\u0003\u0004\u0000binary'))).toEqual({ key: 'e.upload.wrongType' });
  });
  it('refuses a file over the limit (200 MB; a smaller one here)', async () => {
    expect(LIMITS.upload.maxBytes).toBe(200 * 1024 * 1024);
    expect(await checkCsvFile(file('phoneNumber,prologueInfo,businessInfo,remark\n13800000001,Hi,,\n'), 10)).toEqual({
      key: 'e.upload.tooLarge',
    });
  });
});

describe('files the modal offers', () => {
  it('rejected rows come out as CSV with reasons in the chosen language, values quoted when needed', () => {
    const csv = rejectedRowsCsv(
      [
        { row: 3, problem: 'phoneInvalid', column: 'phoneNumber', value: '12,ab' },
        { row: 7, problem: 'columnCount', column: null, value: 'say "hi"' },
      ],
      'en-US',
    );
    expect(csv.split('\r\n')).toEqual([
      '\uFEFFrow,problem,reason,column,value',
      '3,phoneInvalid,Phone number does not fit the project\'s encryption type,phoneNumber,"12,ab"',
      '7,columnCount,The row does not have as many columns as the header,,"say ""hi"""',
      '',
    ]);
    expect(rejectedRowsCsv([{ row: 3, problem: 'phoneMissing', column: 'phoneNumber', value: '' }], 'zh-CN')).toContain('缺少电话号码');
  });
  it('the template has the required columns', () => {
    expect(templateCsv().split('\r\n')[0]).toBe('phoneNumber,prologueInfo,businessInfo,remark,city');
  });
});

describe('reading the NDJSON answer as it arrives', () => {
  it('returns complete lines and keeps the unfinished one', () => {
    expect(splitNdjson('{"progress":{"rows":1}}\n{"progress":{"ro')).toEqual({
      lines: [{ progress: { rows: 1 } }],
      rest: '{"progress":{"ro',
    });
    expect(splitNdjson('{"code":200}\n')).toEqual({ lines: [{ code: 200 }], rest: '' });
    expect(splitNdjson('')).toEqual({ lines: [], rest: '' });
  });
});
