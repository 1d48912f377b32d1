import { Button, Card, Grid, Typography } from '@arco-design/web-react';
import { IconApps, IconDesktop, IconPhone, IconUserGroup } from '@arco-design/web-react/icon';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useUser } from '../../store/user.ts';

interface Step {
  key: string;
  icon: ReactNode;
  path: string;
}

const STEPS: Step[] = [
  { key: 'sip', icon: <IconPhone />, path: '/system/sip-manage' },
  { key: 'accounts', icon: <IconUserGroup />, path: '/system/account-manage' },
  { key: 'project', icon: <IconApps />, path: '/project/projectListAdmin' },
  { key: 'board', icon: <IconDesktop />, path: '/board/projectBoard' },
];

/** The ADMIN's landing page: who is signed in and where to start. */
export default function Workplace() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useUser((s) => s.user);
  return (
    <div className="workplace" data-testid="workplace">
      <Card className="workplace-welcome" bordered={false}>
        <Typography.Title heading={4} style={{ marginTop: 0 }}>
          {t('workplace.greeting', { name: user?.alias || user?.username })}
        </Typography.Title>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {t('workplace.intro')}
        </Typography.Paragraph>
      </Card>
      <Typography.Title heading={6} className="workplace-steps-title">
        {t('workplace.steps')}
      </Typography.Title>
      <Grid.Row gutter={[16, 16]}>
        {STEPS.map((step, index) => (
          <Grid.Col key={step.key} xs={24} sm={12} lg={6}>
            <Card className="workplace-step" bordered={false} hoverable>
              <div className="workplace-step-icon">{step.icon}</div>
              <Typography.Text type="secondary" className="workplace-step-number">
                {String(index + 1).padStart(2, '0')}
              </Typography.Text>
              <Typography.Paragraph className="workplace-step-text">{t(`workplace.step.${step.key}`)}</Typography.Paragraph>
              <Button type="text" onClick={() => navigate(step.path)} data-testid={`workplace-open-${step.key}`}>
                {t('workplace.open')} →
              </Button>
            </Card>
          </Grid.Col>
        ))}
      </Grid.Row>
      <Card className="workplace-help" bordered={false}>
        <Button type="text" onClick={() => navigate('/faq/index')}>
          {t('workplace.help')}
        </Button>
      </Card>
    </div>
  );
}
