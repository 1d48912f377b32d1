import { pinyin } from 'pinyin-pro';

/**
 * espeak-ng's Mandarin voice that works (`cmn-latn-pinyin`) reads pinyin with tone numbers, not Hanzi
 * (plain `cmn` spells Hanzi out as letters, espeak-ng#1370). Hanzi become tone-numbered syllables
 * ("你好" → "ni3 hao3"); neutral tones get 5; everything else (Latin words, digits, punctuation, which
 * espeak uses for pauses) passes through.
 */
export function toPinyin(text: string): string {
  if (!/[\u3400-\u9fff]/.test(text)) return text;
  const out: string[] = [];
  // Runs of Hanzi are converted together (pinyin-pro picks readings of polyphonic characters by context).
  for (const part of text.split(/([\u3400-\u9fff]+)/)) {
    if (!part) continue;
    if (/[\u3400-\u9fff]/.test(part)) {
      const syllables = pinyin(part, { toneType: 'num', type: 'array', v: true }).map(neutralTone);
      out.push(` ${syllables.join(' ')} `);
    } else out.push(fullWidthPunctuation(part));
  }
  return out.join('').replace(/\s+/g, ' ').trim();
}

/** pinyin-pro marks the neutral tone 0 (or not at all); espeak reads it as 5. */
function neutralTone(syllable: string): string {
  if (syllable.endsWith('0')) return `${syllable.slice(0, -1)}5`;
  return /[1-5]$/.test(syllable) ? syllable : `${syllable}5`;
}

/** Chinese punctuation to the ASCII marks espeak pauses on. */
function fullWidthPunctuation(text: string): string {
  return text
    .replace(/[，、]/g, ', ')
    .replace(/[。！？；：]/g, (mark) => `${{ '。': '.', '！': '!', '？': '?', '；': ';', '：': ':' }[mark]} `);
}
