import { Avatar, Button, Card, Descriptions, Space, Tag, Typography } from '@arco-design/web-react';
import { IconEdit } from '@arco-design/web-react/icon';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Role } from '@dialwise/contracts';
import { TimeZoneNote, useCompanyTime } from '../../locale/company-time.tsx';
import { useUser } from '../../store/user.ts';
import { BesidePasswordCard } from './BesidePasswordCard.tsx';
import { ProfileFormModal } from './ProfileFormModal.tsx';

const LEVEL_COLORS: Record<Role, string> = { ADMIN: 'arcoblue', OPR: 'green', DEV: 'purple' };

/** Self-info (route selfInfo, every role): my profile card with an edit form, and the change-password form. */
export default function SelfInfoPage() {
  const { t } = useTranslation();
  const time = useCompanyTime();
  const user = useUser((s) => s.user);
  const [editing, setEditing] = useState(false);
  if (!user) return null;

  const rows = [
    { label: t('common.username'), value: <span data-testid="profile-username">{user.username}</span> },
    { label: t('profile.userID'), value: user.userID },
    { label: t('common.alias'), value: <span data-testid="profile-alias-value">{user.alias}</span> },
    { label: t('common.email'), value: <span data-testid="profile-email-value">{user.email || '—'}</span> },
    { label: t('common.phoneNumber'), value: <span data-testid="profile-phone-value">{user.phoneNumber || '—'}</span> },
    { label: t('profile.level'), value: <Tag color={LEVEL_COLORS[user.authLevel]}>{t(`nav.role.${user.authLevel}`)}</Tag> },
    {
      label: t('profile.company'),
      value: (
        <Typography.Text copyable className="mono">
          {user.customerID}
        </Typography.Text>
      ),
    },
    { label: t('profile.created'), value: time.format(user.createTime) },
    { label: t('common.timeZone'), value: <TimeZoneNote /> },
  ];

  return (
    <div className="profile-page" data-testid="self-info-page">
      <BesidePasswordCard>
        <Card className="profile-card" title={t('profile.title')} data-testid="profile-card">
          <div className="profile-head">
            <Avatar size={64} className="profile-avatar">
              {(user.alias || user.username).slice(0, 1).toUpperCase()}
            </Avatar>
            <div className="profile-head-text">
              <Typography.Title heading={5} style={{ margin: 0 }}>
                {user.alias || user.username}
              </Typography.Title>
              <Space size={8}>
                <Typography.Text type="secondary">@{user.username}</Typography.Text>
                <Tag size="small" color={LEVEL_COLORS[user.authLevel]}>
                  {t(`nav.role.${user.authLevel}`)}
                </Tag>
              </Space>
            </div>
            <Button type="primary" icon={<IconEdit />} onClick={() => setEditing(true)} data-testid="profile-edit">
              {t('profile.edit')}
            </Button>
          </div>
          <Descriptions column={1} data={rows} labelStyle={{ width: 140 }} className="profile-details" />
        </Card>
      </BesidePasswordCard>
      <ProfileFormModal user={user} visible={editing} onClose={() => setEditing(false)} />
    </div>
  );
}
