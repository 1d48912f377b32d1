import type { TFunction } from 'i18next';
import type { TaskConcurrency } from '@dialwise/contracts';

/** "Mon–Fri", "Every day", or the days one by one, in the current language. */
export function weekdaysLabel(days: readonly number[], t: TFunction): string {
  const sorted = [...days].sort();
  if (sorted.length === 7) return t('tasks.everyDay');
  if (sorted.join() === '1,2,3,4,5') return t('tasks.weekdays');
  return sorted.map((day) => t(`tasks.weekday.${day}`)).join(' ');
}

export function concurrencyLabel(concurrency: TaskConcurrency, t: TFunction): string {
  return concurrency.mode === 'manual'
    ? t('tasks.concurrency.manual', { count: concurrency.count })
    : t(`tasks.concurrency.${concurrency.mode}`);
}
