/**
 * Mandarin syllables (pinyin, tone digit optional) as the English telephone model's phones, so that the
 * recogniser's grammar mode can listen for a few Mandarin phrases ("留言", "空号") although there is no
 * Mandarin model on the machine. The tones are dropped (the English model has none) and each initial and
 * final is written with the nearest English phones: rough, but a grammar only has to tell a handful of
 * phrases from each other, not transcribe.
 */

const INITIALS: ReadonlyArray<[string, string]> = [
  ['zh', 'JH'],
  ['ch', 'CH'],
  ['sh', 'SH'],
  ['b', 'B'],
  ['p', 'P'],
  ['m', 'M'],
  ['f', 'F'],
  ['d', 'D'],
  ['t', 'T'],
  ['n', 'N'],
  ['l', 'L'],
  ['g', 'G'],
  ['k', 'K'],
  ['h', 'HH'],
  ['j', 'JH'],
  ['q', 'CH'],
  ['x', 'SH'],
  ['r', 'R'],
  ['z', 'Z'],
  ['c', 'T S'],
  ['s', 'S'],
  ['y', 'Y'],
  ['w', 'W'],
];

const FINALS: Record<string, string> = {
  a: 'AA',
  o: 'AO',
  e: 'AH',
  i: 'IY',
  u: 'UW',
  v: 'UW',
  ai: 'AY',
  ei: 'EY',
  ao: 'AW',
  ou: 'OW',
  an: 'AA N',
  en: 'AH N',
  ang: 'AA NG',
  eng: 'AH NG',
  ong: 'UH NG',
  er: 'ER',
  ia: 'IY AA',
  ie: 'IY EH',
  iao: 'IY AW',
  iu: 'IY OW',
  ian: 'IY EH N',
  in: 'IH N',
  iang: 'IY AA NG',
  ing: 'IH NG',
  iong: 'IY UH NG',
  ua: 'W AA',
  uo: 'W AO',
  uai: 'W AY',
  ui: 'W EY',
  uan: 'W AA N',
  un: 'W AH N',
  uang: 'W AA NG',
  ue: 'UW EH',
  ve: 'UW EH',
  van: 'UW EH N',
  vn: 'UW N',
};

/** After these initials `u` is ü, and after y a final's leading i is the y itself. */
const U_IS_V = new Set(['j', 'q', 'x', 'y']);

/** The phones of one pinyin syllable ("liu2" → "L IY OW"), or null when it is not one. */
export function pinyinPhones(syllable: string): string | null {
  const bare = syllable
    .toLowerCase()
    .replace(/[1-5]$/, '')
    .replace('ü', 'v');
  const initial = INITIALS.find(([letters]) => bare.startsWith(letters));
  let final = initial ? bare.slice(initial[0].length) : bare;
  const name = initial?.[0] ?? '';
  if (U_IS_V.has(name) && final.startsWith('u')) final = `v${final.slice(1)}`;
  // zhi, chi, shi, ri: a buzzed vowel; zi, ci, si: a short one.
  if (final === 'i' && ['zh', 'ch', 'sh', 'r'].includes(name)) return `${initial![1]} ER`;
  if (final === 'i' && ['z', 'c', 's'].includes(name)) return `${initial![1]} IH`;
  // y and w spell the final's own glide: ya = ia, yi = i, wu = u, wei = uei.
  if (name === 'y') {
    if (final === 'an') return 'Y EH N';
    if (final === 'e') return 'Y EH';
    if (final.startsWith('i')) return FINALS[final] ?? null;
    const phones = FINALS[final];
    return phones ? `Y ${phones}` : null;
  }
  if (name === 'w' && final === 'u') return 'W UW';
  const phones = FINALS[final];
  if (!phones) return null;
  return initial ? `${initial[1]} ${phones}` : phones;
}
