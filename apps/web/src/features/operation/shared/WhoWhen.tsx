import { Typography } from '@arco-design/web-react';
import { currentLocale } from '../../../locale/index.ts';

/** "2026-11-22 14:05" in the console's language, for list cells. */
export function formatTime(iso: string): string {
  return new Date(iso).toLocaleString(currentLocale(), { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hour12: false });
}

/** A list cell: who did it, and when, on two lines. */
export function WhoWhen({ who, at }: { who: string | null; at: string }) {
  return (
    <div className="op-who-when">
      <span>{who ?? '—'}</span>
      <Typography.Text type="secondary" className="op-who-when-at">{formatTime(at)}</Typography.Text>
    </div>
  );
}
