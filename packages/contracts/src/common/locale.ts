import { z } from 'zod';

export const LOCALES = ['zh-CN', 'en-US'] as const;
export const localeSchema = z.enum(LOCALES);
export type Locale = z.infer<typeof localeSchema>;

/**
 * Default locale when nothing is saved. The spec gives two readings (Chinese by host fallback, or English
 * as the fallback locale); we take the first: a browser whose language is English gets en-US, every
 * other case falls back to zh-CN.
 */
export const FALLBACK_LOCALE: Locale = 'zh-CN';

/** Picks a supported locale from an Accept-Language header or a navigator language list. */
export function pickLocale(candidates: string | readonly string[] | undefined | null): Locale {
  const list = typeof candidates === 'string' ? candidates.split(',').map((part) => part.split(';')[0]!.trim()) : [...(candidates ?? [])];
  for (const raw of list) {
    const lower = raw.toLowerCase();
    if (lower.startsWith('zh')) return 'zh-CN';
    if (lower.startsWith('en')) return 'en-US';
  }
  return FALLBACK_LOCALE;
}
