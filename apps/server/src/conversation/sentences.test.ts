import { describe, expect, it } from 'vitest';
import { SentenceSplitter } from './sentences.ts';

function split(tokens: string[], firstClause = false): string[] {
  const splitter = new SentenceSplitter(2, firstClause);
  const out = tokens.flatMap((token) => splitter.push(token));
  const rest = splitter.flush();
  return rest ? [...out, rest] : out;
}

describe('cutting a token stream into sentences', () => {
  it('hands each English sentence over as soon as the next token shows it ended', () => {
    const splitter = new SentenceSplitter();
    expect(splitter.push('Hello there')).toEqual([]);
    expect(splitter.push('. How')).toEqual(['Hello there.']);
    expect(splitter.push(' are you?')).toEqual([]);
    expect(splitter.push(' Fine')).toEqual(['How are you?']);
    expect(splitter.flush()).toBe('Fine');
  });

  it('cuts Chinese at 。！？； at once', () => {
    expect(split(['您好', '。我是', '小王！请问', '您现在方便吗？', '好的；谢谢'])).toEqual([
      '您好。',
      '我是小王！',
      '请问您现在方便吗？',
      '好的；',
      '谢谢',
    ]);
  });

  it('does not cut inside numbers, after abbreviations or initials', () => {
    expect(split(['The plan costs 3', '.5 dollars. Mr', '. Li and Dr. Wang agree. J. Smith too.'])).toEqual([
      'The plan costs 3.5 dollars.',
      'Mr. Li and Dr. Wang agree.',
      'J. Smith too.',
    ]);
    expect(split(['Use it for e.g. calls. Done'])).toEqual(['Use it for e.g. calls.', 'Done']);
  });

  it('keeps a closing quote with its sentence and joins what is too short', () => {
    expect(split(['He said "yes." Then left.'])).toEqual(['He said "yes."', 'Then left.']);
  });

  it('with firstClause, the first piece may end at a clause; the rest are whole sentences', () => {
    expect(split(['Sure', ',', ' it stays at 99 yuan', ' a month, or less. Shall I', ', then, renew it?'], true)).toEqual([
      'Sure,',
      'it stays at 99 yuan a month, or less.',
      'Shall I, then, renew it?',
    ]);
    expect(split(['好的，', '每月九十九元，不变。'], true)).toEqual(['好的，', '每月九十九元，不变。']);
    // Not inside a number or a time, and a sentence that ends first is the first piece.
    expect(split(['It costs 3,000 yuan at 10:30 today', '. Then, more.'], true)).toEqual([
      'It costs 3,000 yuan at 10:30 today.',
      'Then, more.',
    ]);
    // The comma's white space not come yet: wait for it.
    const splitter = new SentenceSplitter(2, true);
    expect(splitter.push('Yes,')).toEqual([]);
    expect(splitter.push(' of course.')).toEqual(['Yes,']);
    // Without it (a rewrite stream takes whole sentences), a clause is never cut.
    expect(split(['Sure, it stays at 99 yuan a month.'])).toEqual(['Sure, it stays at 99 yuan a month.']);
  });

  it('gives nothing for an empty stream', () => {
    expect(split([])).toEqual([]);
    expect(split(['  '])).toEqual([]);
  });
});
