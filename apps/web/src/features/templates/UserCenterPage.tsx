import { Avatar, Button, Card, Descriptions, Space, Tag, Typography } from '@arco-design/web-react';
import { IconEdit } from '@arco-design/web-react/icon';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUser } from '../../store/user.ts';
import { BesidePasswordCard } from '../profile/BesidePasswordCard.tsx';
import { ProfileFormModal } from '../profile/ProfileFormModal.tsx';
import { templatesApi } from './api.ts';
import { MessageLines } from './MessageLines.tsx';
import { TimeZoneNote, useCompanyTime } from '../../locale/company-time.tsx';
import './templates.css';

/**
 * The user center: the template's user info (`templateEndpoints.userInfo`, i.e. the signed-in account and its
 * company), the settings the spec lets a user change (alias, phone, e-mail, password), and their latest messages.
 */
export default function UserCenterPage() {
  const { t } = useTranslation();
  const time = useCompanyTime();
  const user = useUser((s) => s.user);
  const [editing, setEditing] = useState(false);
  const info = useQuery({ queryKey: ['user-info', user?.alias, user?.email, user?.phoneNumber], queryFn: templatesApi.userInfo });
  const messages = useQuery({ queryKey: ['messages', 'list', 'all'], queryFn: () => templatesApi.messages() });
  const i = info.data;
  return (
    <div data-testid="user-center">
      <Card className="wp-card uc-header" loading={info.isLoading}>
        {i && (
          <div className="uc-head">
            <Avatar size={72} className="uc-avatar">
              {i.name.slice(0, 1).toUpperCase()}
            </Avatar>
            <div className="uc-head-text">
              <Space>
                <Typography.Title heading={5} style={{ margin: 0 }} data-testid="uc-name">
                  {i.name}
                </Typography.Title>
                <Tag color="arcoblue">{t(`nav.role.${i.role}`)}</Tag>
                {i.certification === 1 && <Tag color="green">{t('uc.active')}</Tag>}
              </Space>
              <Typography.Text type="secondary">
                {i.organizationName} · {i.locationName}
              </Typography.Text>
            </div>
            <Button type="primary" icon={<IconEdit />} onClick={() => setEditing(true)} data-testid="uc-edit">
              {t('uc.edit')}
            </Button>
          </div>
        )}
      </Card>
      <BesidePasswordCard>
        <Card className="wp-card" title={t('uc.info')} extra={<TimeZoneNote />}>
          {i && (
            <Descriptions
              column={1}
              labelStyle={{ width: 140 }}
              data={[
                { label: t('uc.accountId'), value: i.accountId },
                { label: t('common.email'), value: <span data-testid="uc-email">{i.email || '—'}</span> },
                { label: t('uc.phone'), value: i.phone || '—' },
                { label: t('uc.organization'), value: i.organizationName },
                { label: t('common.timeZone'), value: i.locationName },
                { label: t('uc.registered'), value: time.format(i.registrationDate) },
              ]}
            />
          )}
        </Card>
        <Card className="wp-card" title={t('uc.activity')}>
          <MessageLines messages={messages.data} most={6} empty={t('mb.empty')} lineTestId="uc-message" />
        </Card>
      </BesidePasswordCard>
      {user && <ProfileFormModal user={user} visible={editing} onClose={() => setEditing(false)} />}
    </div>
  );
}
