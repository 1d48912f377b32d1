import { Avatar, Button, Empty, List, Spin, Tabs, Tag, Tooltip, Typography } from '@arco-design/web-react';
import { IconCheckCircle, IconExclamationCircle, IconNotification, IconSwap, IconUpload, IconUser } from '@arco-design/web-react/icon';
import { MESSAGE_TYPES, type Message, type MessageType } from '@dialwise/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useUser } from '../../store/user.ts';
import { templatesApi } from './api.ts';
import { TimeZoneNote, useCompanyTime } from '../../locale/company-time.tsx';

const ICONS: Record<Message['messageType'], ReactNode> = {
  taskCompleted: <IconCheckCircle />,
  taskPaused: <IconExclamationCircle />,
  uploadFinished: <IconUpload />,
  uploadFailed: <IconExclamationCircle />,
  seatDisconnected: <IconUser />,
  approvalRequested: <IconCheckCircle />,
  announcement: <IconNotification />,
};
const COLORS: Partial<Record<Message['messageType'], string>> = {
  taskPaused: 'rgb(var(--orange-6))',
  uploadFailed: 'rgb(var(--red-6))',
  seatDisconnected: 'rgb(var(--red-6))',
  taskCompleted: 'rgb(var(--green-6))',
};

function MessageItem({ message, onOpen }: { message: Message; onOpen(message: Message): void }) {
  const { t } = useTranslation();
  const time = useCompanyTime();
  return (
    <List.Item
      key={message.id}
      className={`message-item ${message.status === 0 ? 'message-unread' : 'message-read'}`}
      data-testid={`message-${message.messageType}`}
      onClick={() => onOpen(message)}
    >
      <List.Item.Meta
        avatar={
          <Avatar size={32} style={{ backgroundColor: COLORS[message.messageType] ?? 'rgb(var(--primary-6))' }}>
            {ICONS[message.messageType]}
          </Avatar>
        }
        title={
          <div className="message-title">
            <span>{message.title}</span>
            {message.type === 'todo' && (
              <Tag color={message.status === 0 ? 'orangered' : 'gray'}>{t(message.status === 0 ? 'mb.todo.open' : 'mb.todo.done')}</Tag>
            )}
          </div>
        }
        description={
          <div>
            <Typography.Paragraph className="message-content" ellipsis={{ rows: 2 }}>
              {message.content}
            </Typography.Paragraph>
            <Typography.Text type="secondary" className="message-time">
              {message.subTitle} · {time.format(message.time)}
            </Typography.Text>
          </div>
        }
      />
    </List.Item>
  );
}

/** The message box's tabs and lists: its own chunk, loaded when the bell is first clicked. */
export default function MessagePanel({ onClose, initialTab }: { onClose(): void; initialTab: MessageType }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const role = useUser((s) => s.role);
  const [tab, setTab] = useState<MessageType>(initialTab);
  const unread = useQuery({ queryKey: ['messages', 'unread'], queryFn: templatesApi.unread });
  const list = useQuery({ queryKey: ['messages', 'list', tab], queryFn: () => templatesApi.messages(tab) });
  const refresh = () => client.invalidateQueries({ queryKey: ['messages'] });
  const read = useMutation({ mutationFn: templatesApi.read, onSuccess: refresh });
  const readAll = useMutation({ mutationFn: () => templatesApi.readAll(tab), onSuccess: refresh });

  const open = (message: Message) => {
    if (message.status === 0) read.mutate([message.id]);
    if (message.link) {
      onClose();
      void navigate(message.link);
    }
  };
  // A role switch keeps ADMIN and turns anyone else into OPR; only DEV sees a change.
  const canSwitch = role !== 'ADMIN' && role !== 'OPR';

  return (
    <div className="message-box" data-testid="message-box">
      <Tabs activeTab={tab} onChange={(key) => setTab(key as MessageType)} type="rounded" size="small">
        {MESSAGE_TYPES.map((type) => (
          <Tabs.TabPane
            key={type}
            title={
              <span data-testid={`message-tab-${type}`}>
                {t(`mb.tab.${type}`)}
                {(unread.data?.[type] ?? 0) > 0 ? ` (${unread.data?.[type]})` : ''}
              </span>
            }
          />
        ))}
      </Tabs>
      <div className="message-list">
        {list.isLoading ? (
          <Spin className="message-spin" />
        ) : (list.data ?? []).length === 0 ? (
          <Empty description={t('mb.empty')} />
        ) : (
          <List
            size="small"
            bordered={false}
            dataSource={list.data}
            render={(message: Message) => <MessageItem message={message} onOpen={open} />}
          />
        )}
      </div>
      <div className="message-zone">
        <TimeZoneNote />
      </div>
      <div className="message-footer">
        <Button
          type="text"
          size="small"
          disabled={(unread.data?.[tab] ?? 0) === 0}
          loading={readAll.isPending}
          onClick={() => readAll.mutate()}
          data-testid="message-read-all"
        >
          {t('mb.readAll')}
        </Button>
        <Tooltip content={canSwitch ? t('mb.switchRole.help') : t('mb.switchRole.same', { role: t(`nav.role.${role ?? 'ADMIN'}`) })}>
          <Button
            type="text"
            size="small"
            icon={<IconSwap />}
            disabled={!canSwitch}
            data-testid="message-switch-role"
            onClick={() => {
              useUser.getState().switchRole();
              onClose();
              void navigate('/operator/index');
            }}
          >
            {t('mb.switchRole')}
          </Button>
        </Tooltip>
      </div>
    </div>
  );
}
