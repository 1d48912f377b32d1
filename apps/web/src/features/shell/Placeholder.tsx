import { Result } from '@arco-design/web-react';
import { IconClockCircle } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import { usePageRoute } from './route-params.ts';

/** Honest stand-in for a screen that is planned but not built yet: says so, shows no fake data. */
export default function Placeholder() {
  const { t } = useTranslation();
  const { titleKey, name } = usePageRoute();
  return (
    <div className="page-card" data-testid={`placeholder-${name}`}>
      <Result
        icon={<IconClockCircle style={{ color: 'rgb(var(--primary-6))' }} />}
        title={t('placeholder.title', { title: t(titleKey) })}
        subTitle={t('placeholder.body')}
      />
    </div>
  );
}
