import { Button, Card, Descriptions, Empty, Grid, Message, Space, Steps, Table, Tag, Typography } from '@arco-design/web-react';
import { translate, type GroupForm, type MediaSettings } from '@dialwise/contracts';
import { currentLocale } from '../../locale/index.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useUser } from '../../store/user.ts';
import { templatesApi } from './api.ts';
import { TimeZoneNote, useCompanyTime } from '../../locale/company-time.tsx';
import './templates.css';

function Settings({ title, settings, testId }: { title: string; settings: MediaSettings | null; testId: string }) {
  const { t } = useTranslation();
  if (!settings)
    return (
      <Card className="wp-card" title={title}>
        <Empty description={t('pb.none')} />
      </Card>
    );
  const s: GroupForm = settings.settings;
  const v = s.video;
  const a = s.audio;
  return (
    <Card className="wp-card" title={title} data-testid={testId}>
      <Descriptions
        title={t('gf.video')}
        column={3}
        data={[
          { label: t('gf.mode'), value: t(`gf.mode.${v.mode}`) },
          { label: t('gf.acquisition.resolution'), value: v.acquisition.resolution },
          { label: t('gf.acquisition.frameRate'), value: `${v.acquisition.frameRate} fps` },
          { label: t('gf.encoding.resolution'), value: v.encoding.resolution },
          { label: t('gf.encoding.rate'), value: `${v.encoding.rate.min}–${v.encoding.rate.max} kbps (${v.encoding.rate.default})` },
          { label: t('gf.encoding.frameRate'), value: `${v.encoding.frameRate} fps` },
          { label: t('gf.encoding.profile'), value: v.encoding.profile },
        ]}
      />
      <Descriptions
        title={t('gf.audio')}
        column={3}
        data={[
          { label: t('gf.mode'), value: t(`gf.mode.${a.mode}`) },
          { label: t('gf.acquisition.channels'), value: t(`gf.channels.${a.acquisition.channels}`) },
          { label: t('gf.encoding.channels'), value: t(`gf.channels.${a.encoding.channels}`) },
          { label: t('gf.encoding.rate'), value: `${a.encoding.rate} kbps` },
          { label: t('gf.encoding.profile'), value: a.encoding.profile.toUpperCase() },
        ]}
      />
      {s.explanation && <Typography.Paragraph type="secondary">{s.explanation}</Typography.Paragraph>}
    </Card>
  );
}

/** An audit action in the reader's language (its key when it has no label). */
function actionLabel(action: string): string {
  const key = `log.action.${action}`;
  const text = translate(key, currentLocale());
  return text === key ? action : text;
}

/** The basic profile: the approval steps of the newest media parameters, the parameters in force, and the operation log. */
export default function BasicProfilePage() {
  const { t } = useTranslation();
  const time = useCompanyTime();
  const navigate = useNavigate();
  const client = useQueryClient();
  const role = useUser((s) => s.role);
  const profile = useQuery({ queryKey: ['profile-basic'], queryFn: templatesApi.basicProfile });
  const log = useQuery({ queryKey: ['operation-log', 'mediaSettings'], queryFn: () => templatesApi.operationLog('mediaSettings') });
  const approve = useMutation({
    mutationFn: templatesApi.approve,
    onSuccess: () => {
      Message.success(t('pb.approved'));
      void client.invalidateQueries({ queryKey: ['profile-basic'] });
      void client.invalidateQueries({ queryKey: ['operation-log'] });
    },
  });
  const latest = profile.data?.latest ?? null;
  const pending = latest?.status === 'approval';
  return (
    <div data-testid="profile-basic">
      <Card
        className="wp-card"
        title={t('pb.status')}
        extra={
          <Space size={16}>
            <TimeZoneNote />
            <Button type="text" onClick={() => navigate('/form/group')}>
              {t('pb.edit')}
            </Button>
          </Space>
        }
        loading={profile.isLoading}
      >
        {latest === null ? (
          <Empty description={t('pb.none')} />
        ) : (
          <Grid.Row align="center" gutter={16}>
            <Grid.Col flex="auto">
              <Steps current={(profile.data?.status ?? 0) + 1} status={pending ? 'process' : 'finish'} data-testid="pb-steps">
                <Steps.Step title={t('pb.step.commit')} description={`${latest.savedBy ?? '—'} · ${time.format(latest.savedTime)}`} />
                <Steps.Step
                  title={t('pb.step.approval')}
                  description={pending ? t('pb.waiting') : `${latest.approvedBy ?? '—'} · ${time.format(latest.approvedTime)}`}
                />
                <Steps.Step title={t('pb.step.finish')} />
              </Steps>
            </Grid.Col>
            {pending && role === 'ADMIN' && (
              <Grid.Col flex="none">
                <Button type="primary" loading={approve.isPending} onClick={() => approve.mutate(latest.id)} data-testid="pb-approve">
                  {t('pb.approve')}
                </Button>
              </Grid.Col>
            )}
          </Grid.Row>
        )}
      </Card>
      {pending && <Settings title={t('pb.proposed')} settings={latest} testId="pb-proposed" />}
      <Settings title={t('pb.current')} settings={profile.data?.current ?? null} testId="pb-current" />
      <Card className="wp-card" title={t('pb.log')}>
        <Table
          rowKey="key"
          size="small"
          pagination={false}
          loading={log.isLoading}
          data={log.data ?? []}
          data-testid="pb-log"
          noDataElement={<Empty description={t('pb.log.empty')} />}
          columns={[
            { title: t('pb.col.number'), dataIndex: 'contentNumber' },
            { title: t('pb.col.content'), dataIndex: 'updateContent' },
            { title: t('pb.col.status'), dataIndex: 'status', render: (v: string) => <Tag>{actionLabel(v)}</Tag> },
            { title: t('pb.col.actor'), dataIndex: 'actor' },
            { title: t('pb.col.time'), dataIndex: 'updateTime', render: (v: string) => time.format(v) },
          ]}
        />
      </Card>
    </div>
  );
}
