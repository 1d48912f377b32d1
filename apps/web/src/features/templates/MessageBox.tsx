import { Badge, Popover, Spin } from '@arco-design/web-react';
import { IconMessage } from '@arco-design/web-react/icon';
import { MESSAGE_TYPES } from '@dialwise/contracts';
import { useQuery } from '@tanstack/react-query';
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { templatesApi } from './api.ts';
import { NAVBAR_POPUP } from '../shell/navbar-popup.ts';
import { NavbarButton } from '../shell/NavbarButton.tsx';

/** Unread counts refresh on this beat, so a product event shows up without a reload. */
const POLL_MS = 30_000;

const MessagePanel = lazy(() => import('./MessagePanel.tsx'));

/** The navbar's bell: unread count badge, and the message box in a popover. */
export function MessageBox() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const unread = useQuery({ queryKey: ['messages', 'unread'], queryFn: templatesApi.unread, refetchInterval: POLL_MS });
  const total = unread.data ? unread.data.message + unread.data.notice + unread.data.todo : 0;
  // The box opens on the first tab with something unread.
  const initialTab = MESSAGE_TYPES.find((type) => (unread.data?.[type] ?? 0) > 0) ?? 'message';
  return (
    <Popover
      trigger="click"
      position="br"
      popupVisible={open}
      onVisibleChange={setOpen}
      content={
        open ? (
          <Suspense fallback={<Spin />}>
            <MessagePanel onClose={() => setOpen(false)} initialTab={initialTab} />
          </Suspense>
        ) : null
      }
      className="message-popover"
      triggerProps={NAVBAR_POPUP}
    >
      <Badge count={total} dot={false} maxCount={99}>
        <NavbarButton icon={<IconMessage />} label={t('mb.title')} data-testid="nav-messages" />
      </Badge>
    </Popover>
  );
}
