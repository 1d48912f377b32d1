import { describe, expect, it } from 'vitest';
import { SentenceSplitter } from './sentences.ts';

function split(tokens: string[]): string[] {
  const splitter = new SentenceSplitter();
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

  it('gives nothing for an empty stream', () => {
    expect(split([])).toEqual([]);
    expect(split(['  '])).toEqual([]);
  });
});
