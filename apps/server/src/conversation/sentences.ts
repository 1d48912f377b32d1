/**
 * Cuts an LLM's token stream into sentences, so each can go to speech as soon as it is complete.
 *
 * A sentence ends at Chinese 。！？； (and their full-width kin) at once, and at English . ! ? when
 * what follows is white space or the end: not inside a number ("3.5"), not after a known abbreviation
 * ("Mr.", "e.g."), not after a single capital ("J. Smith"). Text shorter than `minChars` is held back and
 * joined with the next sentence, so "OK." does not become a sentence of its own audio.
 */
const CJK_ENDS = new Set(['。', '！', '？', '；', '!', '?']);
const ABBREVIATIONS = new Set([
  'mr',
  'mrs',
  'ms',
  'dr',
  'prof',
  'sr',
  'jr',
  'st',
  'vs',
  'etc',
  'e.g',
  'i.e',
  'no',
  'approx',
  'dept',
  'inc',
  'ltd',
]);

/** Where a first clause may end: a comma, semicolon or colon (English: before white space), or their Chinese kin. */
const CLAUSE_ENDS = new Set([',', ';', ':', '，', '；', '：', '、']);
const CJK_CLAUSE_ENDS = new Set(['，', '；', '：', '、']);

export class SentenceSplitter {
  private buffer = '';
  /** Pieces handed over so far (the first clause is cut only before the first). */
  private emitted = 0;

  /**
   * `firstClause`: the reply's first piece may end at a clause ("Sure," "好的，"), not only at a sentence: its speech
   * starts as soon as the model has written it, not when the whole first sentence is written (with a streaming
   * model, a token every ~35 ms: "Sure, it stays at 99 yuan a month." is heard seven tokens sooner). The voice
   * pauses there as at a comma (espeak-ng: 175 ms against a sentence's 350). Only the first: later sentences are
   * synthesised while earlier ones play, so cutting them finer gains nothing and breaks their intonation.
   */
  constructor(
    private readonly minChars = 2,
    private readonly firstClause = false,
  ) {}

  /** Adds tokens; answers the sentences they completed, in order. */
  push(tokens: string): string[] {
    this.buffer += tokens;
    const out: string[] = [];
    let start = 0;
    for (let i = 0; i < this.buffer.length; i++) {
      const ch = this.buffer[i]!;
      let end = -1;
      if (CJK_ENDS.has(ch) && !(ch === '!' || ch === '?')) end = i + 1;
      else if (this.firstClause && this.emitted === 0 && CLAUSE_ENDS.has(ch)) {
        // Chinese at once; English only before white space (not "3,000" or "10:30"), which may not have come yet.
        if (CJK_CLAUSE_ENDS.has(ch)) end = i + 1;
        else if (i + 1 >= this.buffer.length) break;
        else if (/\s/.test(this.buffer[i + 1]!)) end = i + 1;
        else continue;
      } else if (ch === '!' || ch === '?' || ch === '.') {
        // English: it ends only before white space; closing quotes and brackets stay with the sentence.
        // What follows is not known yet at the end of the buffer: wait for more tokens.
        let j = i + 1;
        while (j < this.buffer.length && /["'”’)]/.test(this.buffer[j]!)) j++;
        if (j >= this.buffer.length) break;
        if (!/\s/.test(this.buffer[j]!)) continue;
        if (ch === '.' && this.isAbbreviation(this.buffer.slice(start, i))) continue;
        end = j;
      } else if (ch === '\n' && this.buffer.slice(start, i).trim()) end = i + 1;
      if (end < 0) continue;
      const sentence = this.buffer.slice(start, end).trim();
      if (sentence.length >= this.minChars) {
        out.push(sentence);
        this.emitted++;
        start = end;
      }
      i = end - 1;
    }
    this.buffer = this.buffer.slice(start);
    return out;
  }

  /** The stream ended: whatever is left is the last sentence (or nothing). */
  flush(): string | null {
    const rest = this.buffer.trim();
    this.buffer = '';
    return rest || null;
  }

  private isAbbreviation(before: string): boolean {
    const word = /([A-Za-z.]+)$/.exec(before)?.[1] ?? '';
    if (/^[A-Z]$/.test(word)) return true;
    return ABBREVIATIONS.has(word.toLowerCase());
  }
}
