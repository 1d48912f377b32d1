import { Button, Card, Result, Space, Steps, Typography } from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { templatesApi } from './api.ts';
import { TimeZoneNote, useCompanyTime } from '../../locale/company-time.tsx';
import './templates.css';

/** Success: the latest media parameters' way through approval (the spec's commit → approval → finish). */
function SuccessDetail() {
  const { t } = useTranslation();
  const time = useCompanyTime();
  const profile = useQuery({ queryKey: ['profile-basic'], queryFn: templatesApi.basicProfile });
  const latest = profile.data?.latest;
  if (!latest) return <Typography.Text type="secondary">{t('rs.noParams')}</Typography.Text>;
  return (
    <>
      <Steps current={(profile.data?.status ?? 0) + 1} className="result-steps" data-testid="rs-steps">
        <Steps.Step title={t('pb.step.commit')} description={time.format(latest.savedTime)} />
        <Steps.Step title={t('pb.step.approval')} description={latest.approvedTime ? time.format(latest.approvedTime) : t('pb.waiting')} />
        <Steps.Step title={t('pb.step.finish')} />
      </Steps>
      <TimeZoneNote />
    </>
  );
}

/** Error: the newest failed upload's reason from the message box, if any. */
function ErrorDetail() {
  const { t } = useTranslation();
  const messages = useQuery({ queryKey: ['messages', 'list', 'message'], queryFn: () => templatesApi.messages('message') });
  const failed = (messages.data ?? []).find((m) => m.messageType === 'uploadFailed');
  return (
    <div className="result-detail" data-testid="rs-error-detail">
      <Typography.Text bold>{t('rs.error.why')}</Typography.Text>
      <Typography.Paragraph type="secondary">{failed ? `${failed.title} — ${failed.content}` : t('rs.error.none')}</Typography.Paragraph>
    </div>
  );
}

export default function ResultPage({ status }: { status: 'success' | 'error' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Card data-testid={`result-${status}`}>
      <Result
        status={status}
        title={t(`rs.${status}.title`)}
        subTitle={t(`rs.${status}.sub`)}
        extra={
          <Space>
            <Button onClick={() => navigate('/dashboard/workplace')}>{t('rs.home')}</Button>
            <Button type="primary" onClick={() => navigate(status === 'success' ? '/profile/basic' : '/project/projectListAdmin')}>
              {t(status === 'success' ? 'rs.success.go' : 'rs.error.go')}
            </Button>
          </Space>
        }
      />
      {status === 'success' ? <SuccessDetail /> : <ErrorDetail />}
    </Card>
  );
}
