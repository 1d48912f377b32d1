import { Typography } from '@arco-design/web-react';

const pad = (n: number) => String(n).padStart(2, '0');

/** "2026-11-22 14:05" in the browser's zone: short, and read the same in both languages. */
export function formatTime(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A list cell: who did it, and when, on two lines. */
export function WhoWhen({ who, at }: { who: string | null; at: string }) {
  return (
    <div className="op-who-when">
      <span>{who ?? '—'}</span>
      <Typography.Text type="secondary" className="op-who-when-at">
        {formatTime(at)}
      </Typography.Text>
    </div>
  );
}
