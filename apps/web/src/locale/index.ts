import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import arcoEnUS from '@arco-design/web-react/es/locale/en-US';
import arcoZhCN from '@arco-design/web-react/es/locale/zh-CN';
import { LOCALES, LOCALE_STORAGE_KEY, localeSchema, pickLocale, type Locale } from '@dialwise/contracts';
import { BOOT_MESSAGES, dictionaryOf } from './shell-messages.ts';

export const ARCO_LOCALES = { 'en-US': arcoEnUS, 'zh-CN': arcoZhCN } as const;

/**
 * The language shown when the user has not chosen one. The spec allows two readings; the one taken
 * (shared with the server's Accept-Language handling, `pickLocale` in contracts): a browser whose
 * preferred languages start with English gets en-US, every other browser gets zh-CN.
 */
export function initialLocale(
  storage: Pick<Storage, 'getItem'> = localStorage,
  languages: readonly string[] = navigator.languages,
): Locale {
  const saved = localeSchema.safeParse(storage.getItem(LOCALE_STORAGE_KEY));
  return saved.success ? saved.data : pickLocale(languages);
}

export function initI18n(locale: Locale = initialLocale()): typeof i18next {
  void i18next.use(initReactI18next).init({
    lng: locale,
    fallbackLng: false,
    resources: Object.fromEntries(LOCALES.map((l) => [l, { translation: dictionaryOf(BOOT_MESSAGES, l) }])),
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  document.documentElement.lang = locale;
  return i18next;
}

let consoleMessages: Promise<void> | undefined;

/**
 * Adds every area's strings (both languages) to the dictionary, once: the signed-in console waits for it before
 * its first render (features/shell/Shell.tsx), so no page ever shows a key.
 */
export function loadConsoleMessages(): Promise<void> {
  consoleMessages ??= import('./messages.ts').then(({ dictionary }) => {
    for (const locale of LOCALES) i18next.addResourceBundle(locale, 'translation', dictionary(locale), true, true);
  });
  return consoleMessages;
}

export function currentLocale(): Locale {
  const parsed = localeSchema.safeParse(i18next.language);
  return parsed.success ? parsed.data : initialLocale();
}

/** Switches the console and Arco's own texts, and remembers the choice under `arco-locale`. */
export async function setLocale(locale: Locale): Promise<void> {
  localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  document.documentElement.lang = locale;
  await i18next.changeLanguage(locale);
}
