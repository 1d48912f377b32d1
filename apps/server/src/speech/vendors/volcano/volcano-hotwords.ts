/**
 * The scenario's likely replies as Volcano "direct hot words" (`corpus.context` = `{"hotwords":[{"word":…}]}`).
 * The document caps them by endpoint: about 100 tokens on the bidirectional endpoints (`bigmodel`,
 * `bigmodel_async`), 5,000 words on `bigmodel_nostream`. It does not define a token, so it is counted
 * here on the safe side: every CJK character one token, every other run of letters or digits one token per
 * four characters (at least one). Phrases keep their order (the first matter most); one that does not fit
 * is left out whole, and later, shorter ones may still fit.
 */
export const HOTWORD_TOKENS_STREAMING = 100;
export const HOTWORDS_NOSTREAM = 5000;

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu;
const WORDS = /[\p{L}\p{N}]+/gu;

export function hotwordTokens(phrase: string): number {
  const cjk = phrase.match(CJK)?.length ?? 0;
  const rest = phrase.replace(CJK, ' ');
  let words = 0;
  for (const word of rest.match(WORDS) ?? []) words += Math.ceil(word.length / 4);
  return cjk + words;
}

export function pickHotwords(phrases: readonly string[], nostream: boolean): string[] {
  const seen = new Set<string>();
  const picked: string[] = [];
  let tokens = 0;
  for (const raw of phrases) {
    const phrase = raw.trim();
    const key = phrase.toLowerCase();
    if (!phrase || seen.has(key)) continue;
    seen.add(key);
    if (nostream) {
      if (picked.length >= HOTWORDS_NOSTREAM) break;
      picked.push(phrase);
      continue;
    }
    const cost = hotwordTokens(phrase);
    if (cost === 0 || tokens + cost > HOTWORD_TOKENS_STREAMING) continue;
    tokens += cost;
    picked.push(phrase);
  }
  return picked;
}
