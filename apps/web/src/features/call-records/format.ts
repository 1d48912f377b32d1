/** 75_400 ms → "1:15"; an hour or more → "1:02:05". Durations are whole seconds, rounded. */
export function formatDuration(ms: number): string {
  const total = Math.round(Math.max(0, ms) / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

/** A conversation line's time after the answer, "0:07". */
export const formatOffset = (atMs: number) => formatDuration(Math.floor(atMs / 1000) * 1000);
