import type { TFunction } from 'i18next';
import { wallClock, type TaskConcurrency } from '@dialwise/contracts';
import { addDays, dayIn, formatClock } from '../../locale/date-time.ts';

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

/**
 * When the dialer calls next, as a person says it, on the wall clock of `zone` (the company's): "today 09:00",
 * "tomorrow 09:00", else "Monday 11-30 09:00" (a window opens within a week).
 */
export function nextCallLabel(at: string, zone: string, t: TFunction, now: Date = new Date()): string {
  const time = formatClock(at, zone).slice(0, 5);
  const day = dayIn(at, zone);
  const today = dayIn(now, zone);
  if (day === today) return t('tasks.day.today', { time });
  if (day === addDays(today, 1)) return t('tasks.day.tomorrow', { time });
  return t('tasks.day.later', { weekday: t(`tasks.weekdayLong.${wallClock(new Date(at), zone).weekday}`), date: day.slice(5), time });
}
