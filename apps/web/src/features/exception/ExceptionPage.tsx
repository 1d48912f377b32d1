import { Button, Result } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useUser } from '../../store/user.ts';
import { afterLoginPath } from '../shell/guard.ts';
import { ArcoProvider } from '../shell/ArcoProvider.tsx';

export type ExceptionStatus = '403' | '404' | '500';

/** The error pages (403, 404, 500), inside the layout or on their own. */
export default function ExceptionPage({ status, standalone = false }: { status: ExceptionStatus; standalone?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const role = useUser((state) => state.role);
  const home = role ? afterLoginPath('', role) : '/login';
  return (
    <ArcoProvider>
      <div className={standalone ? 'exception-standalone' : 'page-card'} data-testid={`exception-${status}`}>
        <Result
          status={status}
          subTitle={t(`exception.${status}`)}
          extra={
            <Button type="primary" onClick={() => navigate(home, { replace: true })}>
              {t('common.backHome')}
            </Button>
          }
        />
      </div>
    </ArcoProvider>
  );
}
