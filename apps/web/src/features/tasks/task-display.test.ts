import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { consoleDictionary } from '../../locale/index.ts';
import { nextCallLabel } from './task-display.ts';

async function translator(locale: 'en-US' | 'zh-CN') {
  const instance = i18next.createInstance();
  await instance.init({
    lng: locale,
    resources: { [locale]: { translation: await consoleDictionary(locale) } },
    interpolation: { escapeValue: false },
  });
  return instance.t;
}

// Sunday 2026-11-29 10:00 in Shanghai.
const NOW = new Date('2026-11-29T02:00:00Z');

describe("when a task calls next, on the company's wall clock", () => {
  it('today, tomorrow, or the weekday and date', async () => {
    const t = await translator('en-US');
    expect(nextCallLabel('2026-11-29T10:00:00Z', 'Asia/Shanghai', t, NOW)).toBe('today 18:00');
    expect(nextCallLabel('2026-11-30T01:00:00Z', 'Asia/Shanghai', t, NOW)).toBe('tomorrow 09:00');
    expect(nextCallLabel('2026-12-01T01:00:00Z', 'Asia/Shanghai', t, NOW)).toBe('Tuesday 12-01 09:00');
    const zh = await translator('zh-CN');
    expect(nextCallLabel('2026-11-30T01:00:00Z', 'Asia/Shanghai', zh, NOW)).toBe('明天 09:00');
    expect(nextCallLabel('2026-12-01T01:00:00Z', 'Asia/Shanghai', zh, NOW)).toBe('12-01（周二）09:00');
  });

  it("counts days in the company's zone, not the browser's", async () => {
    const t = await translator('en-US');
    // 2026-11-29T20:00Z is already Monday 04:00 in Shanghai but still Sunday in UTC and New York.
    expect(nextCallLabel('2026-11-30T01:00:00Z', 'Asia/Shanghai', t, new Date('2026-11-29T20:00:00Z'))).toBe('today 09:00');
    expect(nextCallLabel('2026-11-30T14:00:00Z', 'America/New_York', t, new Date('2026-11-29T20:00:00Z'))).toBe('tomorrow 09:00');
  });
});
