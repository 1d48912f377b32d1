import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LOCALES, LOCALE_STORAGE_KEY, localeSchema, pickLocale, type Locale } from '@dialwise/contracts';
import { BOOT_MESSAGES } from './shell-messages.ts';

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
    resources: Object.fromEntries(LOCALES.map((l) => [l, { translation: BOOT_MESSAGES[l] }])),
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  document.documentElement.lang = locale;
  return i18next;
}

/** Every area's strings in one language, each language a chunk of its own (./console/). */
const CONSOLE_DICTIONARIES: Record<Locale, () => Promise<{ default: Record<string, string> }>> = {
  'en-US': () => import('./console/en-US.ts'),
  'zh-CN': () => import('./console/zh-CN.ts'),
};
const consoleMessages = new Map<Locale, Promise<void>>();

/** Every string of the console in one language: the boot strings and every area's. */
export async function consoleDictionary(locale: Locale): Promise<Record<string, string>> {
  const { default: areas } = await CONSOLE_DICTIONARIES[locale]();
  return { ...BOOT_MESSAGES[locale], ...areas };
}

/**
 * Adds every area's strings in one language to the dictionary, once: the signed-in console waits for it before its
 * first render (features/shell/Shell.tsx), so no page ever shows a key. Only the language shown is fetched; a
 * switch of language fetches the other first (`setLocale`).
 */
export function loadConsoleMessages(locale: Locale = currentLocale()): Promise<void> {
  let loading = consoleMessages.get(locale);
  if (!loading) {
    loading = consoleDictionary(locale).then((dictionary) => {
      i18next.addResourceBundle(locale, 'translation', dictionary, true, true);
    });
    consoleMessages.set(locale, loading);
  }
  return loading;
}

export function currentLocale(): Locale {
  const parsed = localeSchema.safeParse(i18next.language);
  return parsed.success ? parsed.data : initialLocale();
}

/** Switches the console and Arco's own texts, and remembers the choice under `arco-locale`. */
export async function setLocale(locale: Locale): Promise<void> {
  // The signed-in console switches only once the language's strings are here, so it never shows a key.
  if (consoleMessages.size > 0) await loadConsoleMessages(locale);
  localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  document.documentElement.lang = locale;
  await i18next.changeLanguage(locale);
}
