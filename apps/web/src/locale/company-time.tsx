import { Tooltip } from '@arco-design/web-react';
import { IconClockCircle } from '@arco-design/web-react/icon';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useUser } from '../store/user.ts';
import { browserTimeZone, formatDateTime, zoneOffset, type DateTimeStyle } from './date-time.ts';

/** The signed-in user's company time zone (the browser's before anyone has signed in). */
export function useTimeZone(): string {
  return useUser((state) => state.user?.timeZone) ?? browserTimeZone();
}

/** The one formatter bound to the company's zone: `time.format(iso)` → `2026-11-23 09:37`. */
export function useCompanyTime() {
  const zone = useTimeZone();
  return useMemo(
    () => ({
      zone,
      format: (at: string | number | Date | null | undefined, style?: DateTimeStyle) => formatDateTime(at, zone, style),
    }),
    [zone],
  );
}

/**
 * Says once per page, table or drawer which zone its times are in: "Times in Asia/Shanghai (UTC+08:00)".
 * `zone` overrides the user's (the login page shows the account's zone before the console knows it).
 */
export function TimeZoneNote({ zone: given, className }: { zone?: string; className?: string }) {
  const { t } = useTranslation();
  const mine = useTimeZone();
  // Provider staff work on every company but read times in their own (the provider's) zone: the hint says so.
  const provider = useUser((state) => state.user?.authLevel === 'DEV');
  const zone = given ?? mine;
  const offset = zoneOffset(zone);
  return (
    <Tooltip content={t(provider ? 'time.zoneHintProvider' : 'time.zoneHint')}>
      <span className={`time-zone-note${className ? ` ${className}` : ''}`} data-testid="time-zone-note" data-zone={zone}>
        <IconClockCircle /> {offset === zone ? t('time.zoneNoteBare', { zone }) : t('time.zoneNote', { zone, offset })}
      </span>
    </Tooltip>
  );
}
