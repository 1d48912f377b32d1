import type { TFunction } from 'i18next';

/** A rate as the board shows it: one decimal percent, or "—" when there was nothing to divide by. */
export function formatRate(value: number | null | undefined): string {
  return value === null || value === undefined || !Number.isFinite(value) ? '—' : `${(value * 100).toFixed(1)}%`;
}

/** A count in the reader's locale's digits, or "—" while unknown. */
export function formatCount(value: number | undefined, locale: string): string {
  return value === undefined ? '—' : value.toLocaleString(locale);
}

/** Talk time: seconds under a minute, else minutes and seconds; "—" when unknown. */
export function formatDuration(ms: number | null | undefined, t: TFunction): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return '—';
  const seconds = Math.round(ms / 1000);
  return seconds < 60 ? t('boards.seconds', { value: seconds }) : t('boards.minutes', { m: Math.floor(seconds / 60), s: seconds % 60 });
}

/** A step's label on the time axis: the hour for steps within a day, else the date (`at` is company time). */
export function stepLabel(at: string, withinDay: boolean): string {
  return withinDay ? at.slice(11, 16) : at.slice(5, 10);
}
