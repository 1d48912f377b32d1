import { Badge, Button, Notification, Tooltip } from '@arco-design/web-react';
import { IconNotification } from '@arco-design/web-react/icon';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useUser } from '../../store/user.ts';
import { accessRequestNotice, accessRequestsKey } from './api.ts';
import { NavbarButton } from '../shell/NavbarButton.tsx';

const PATH = '/system/access-requests';
/** How often the navbar asks: requests come from people locked out, minutes matter, seconds do not. */
const POLL_MS = 30_000;

/**
 * The navbar's bell for the roles that handle access requests: the open count as a badge, and a notification
 * when a request arrives that was not there at the last look (not for those waiting when the console opens).
 */
export function AccessRequestNotice() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const role = useUser((s) => s.role);
  const handles = role === 'ADMIN' || role === 'DEV';
  const notice = useQuery({
    queryKey: [...accessRequestsKey, 'notice'],
    queryFn: accessRequestNotice,
    enabled: handles,
    refetchInterval: POLL_MS,
  });
  const seen = useRef<string | null | undefined>(undefined);
  const latest = notice.data?.latest;
  const open = notice.data?.open ?? 0;

  useEffect(() => {
    if (latest === undefined) return;
    const before = seen.current;
    seen.current = latest;
    if (before === undefined || latest === null || (before !== null && latest <= before)) return;
    Notification.info({
      id: 'access-requests',
      title: t('accessRequests.notice'),
      content: t('accessRequests.notice.new', { count: open }),
      btn: (
        <Button type="primary" size="small" onClick={() => void navigate(PATH)} data-testid="access-notice-open">
          {t('accessRequests.notice.open')}
        </Button>
      ),
    });
  }, [latest, open, navigate, t]);

  if (!handles) return null;
  return (
    <Tooltip content={t('accessRequests.notice')}>
      <Badge count={open} maxCount={99} dot={false} offset={[-2, 2]}>
        <NavbarButton
          icon={<IconNotification />}
          label={t('accessRequests.notice')}
          data-testid="nav-access-requests"
          onClick={() => void navigate(PATH)}
        />
      </Badge>
    </Tooltip>
  );
}
