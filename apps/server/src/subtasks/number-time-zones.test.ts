import { describe, expect, it } from 'vitest';
import { zonesOfKey } from '@dialwise/contracts';
import { homeCallingCode, NumberZonePlacer, zoneKeyOfDigits } from './number-time-zones.ts';

const hex = (phone: string) => Buffer.from(phone).toString('hex');

describe("a number's time zones from libphonenumber's map", () => {
  it('places international numbers by their longest prefix: country, and area where the plan says it', () => {
    const placer = new NumberZonePlacer('PLAIN_TEXT', 'Asia/Shanghai');
    expect(placer.place('+12125550100')).toBe('America/New_York');
    expect(placer.place('+13125550100')).toBe('America/Chicago');
    expect(placer.place('+12135550100')).toBe('America/Los_Angeles');
    expect(placer.place('+8613800138000')).toBe('Asia/Shanghai');
    expect(placer.place('+61212345678')).toBe('Australia/Sydney');
  });

  it('gives an ambiguous number the set of its possible zones, sorted', () => {
    const placer = new NumberZonePlacer('PLAIN_TEXT', 'Asia/Shanghai');
    // Indonesia: the plan names three zones for a range it does not split further.
    expect(zonesOfKey(placer.place('+62301234567'))).toEqual(['Asia/Jakarta', 'Asia/Jayapura', 'Asia/Makassar']);
    // A North American number whose area code the plan does not know may be in any of the region's zones.
    expect(zonesOfKey(placer.place('+19995550100')).length).toBeGreaterThan(10);
  });

  it("reads a number without + as national in the company's country, found from its zone", () => {
    expect(homeCallingCode('Asia/Shanghai')).toBe('86');
    expect(homeCallingCode('America/Chicago')).toBe('1');
    expect(homeCallingCode('Europe/London')).toBe('44');
    expect(new NumberZonePlacer('PLAIN_TEXT', 'Asia/Shanghai').place('13800138000')).toBe('Asia/Shanghai');
    expect(new NumberZonePlacer('PLAIN_TEXT', 'America/Chicago').place('2125550100')).toBe('America/New_York');
    expect(new NumberZonePlacer('PLAIN_TEXT', 'Europe/London').place('02079460000')).toBe('Europe/London');
  });

  it('decodes HEX numbers before placing them', () => {
    expect(new NumberZonePlacer('HEX', 'Asia/Shanghai').place(hex('+12125550100'))).toBe('America/New_York');
  });

  it('leaves unplaced what it cannot place: unknown prefixes, national numbers of a zone with no country, hashes and tokens', () => {
    expect(new NumberZonePlacer('PLAIN_TEXT', 'Asia/Shanghai').place('+99912345678')).toBe('');
    expect(zoneKeyOfDigits('999')).toBe('');
    expect(homeCallingCode('UTC')).toBeNull();
    expect(new NumberZonePlacer('PLAIN_TEXT', 'UTC').place('13800138000')).toBe('');
    expect(new NumberZonePlacer('MD5', 'Asia/Shanghai').place('0123456789abcdef0123456789abcdef')).toBe('');
    expect(new NumberZonePlacer('CUSTOM', 'Asia/Shanghai').place('+12125550100')).toBe('');
    expect(zonesOfKey('')).toEqual([]);
  });
});
