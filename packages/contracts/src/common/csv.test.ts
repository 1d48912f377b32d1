import { describe, expect, it } from 'vitest';
import { csvCell, csvLine } from './csv.ts';

describe('the CSV writer', () => {
  it('quotes cells holding a comma, a quote or a line break, doubling quotes', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('plain')).toBe('plain');
  });

  it.each(['=1+1', '+86 138', '-5', '@SUM(A1)', '\tx', '\rx'])('guards %j against formula injection with a leading apostrophe', (value) => {
    expect(csvCell(value).replace(/^"|"$/g, '').startsWith(`'${value[0]}`)).toBe(true);
  });

  it('leaves numbers (negative ones too) and empty values as they are', () => {
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it('ends each line with CRLF', () => {
    expect(csvLine(['a', 1, null])).toBe('a,1,\r\n');
  });
});
