import { Tooltip, Typography } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';

/**
 * A number's time zones from the number plan: the zone; for a number that may be in several, the first
 * and how many more (all of them in the tooltip: it is called only when the window is open in each); for
 * a number the plan could not place, that it follows the company's zone.
 */
export function NumberTimeZones({ zones }: { zones: readonly string[] }) {
  const { t } = useTranslation();
  if (zones.length === 0) {
    return (
      <Tooltip content={t('zones.unplacedHelp')}>
        <Typography.Text type="secondary" data-testid="number-zones" data-zones="">
          {t('zones.unplaced')}
        </Typography.Text>
      </Tooltip>
    );
  }
  const text = zones.length === 1 ? zones[0] : t('zones.several', { zone: zones[0], count: zones.length - 1 });
  const content = zones.length === 1 ? undefined : `${t('zones.severalHelp')} ${zones.join(', ')}`;
  const label = (
    <span className="nowrap" data-testid="number-zones" data-zones={zones.join(' ')}>
      {text}
    </span>
  );
  return content ? <Tooltip content={content}>{label}</Tooltip> : label;
}
