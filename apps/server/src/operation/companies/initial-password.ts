import { randomInt } from 'node:crypto';

const SETS = ['abcdefghijkmnpqrstuvwxyz', 'ABCDEFGHJKLMNPQRSTUVWXYZ', '23456789', '!#$%&*+-=?@^_'] as const;
const ALL = SETS.join('');

/**
 * A 16-character password that meets the account rule (lower, upper, digit, special), from a CSPRNG,
 * without look-alike characters (l/1, O/0) since a person reads it out to the new administrator.
 */
export function generateInitialPassword(length = 16): string {
  const chars = SETS.map((set) => set[randomInt(set.length)]!);
  while (chars.length < length) chars.push(ALL[randomInt(ALL.length)]!);
  for (let i = chars.length - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}
