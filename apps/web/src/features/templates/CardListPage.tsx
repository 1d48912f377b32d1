import { Button, Card, Descriptions, Empty, Grid, Message, Skeleton, Switch, Tabs, Tag, Tooltip, Typography } from '@arco-design/web-react';
import { IconBulb, IconLink, IconRefresh, IconSound } from '@arco-design/web-react/icon';
import type { CardSwitch, QualityInspection, RulePreset, ServiceCard } from '@dialwise/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { templatesApi } from './api.ts';
import './templates.css';

const ICONS: Record<string, ReactNode> = {
  IconBulb: <IconBulb />,
  IconSound: <IconSound />,
  IconRefresh: <IconRefresh />,
  IconLink: <IconLink />,
};

function useSwitch() {
  const { t } = useTranslation();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CardSwitch) => templatesApi.setSwitch(input),
    onSuccess: (enabled) => {
      Message.success(t(enabled ? 'cl.enabled' : 'cl.disabled'));
      void client.invalidateQueries({ queryKey: ['cards'] });
    },
  });
}

function QualityCards() {
  const { t } = useTranslation();
  const quality = useQuery({ queryKey: ['cards', 'quality'], queryFn: templatesApi.quality });
  if (quality.isLoading) return <Skeleton text={{ rows: 4 }} animation />;
  if ((quality.data ?? []).length === 0) return <Empty description={t('cl.quality.empty')} />;
  return (
    <Grid.Row gutter={[16, 16]} data-testid="quality-cards">
      {quality.data!.map((card: QualityInspection) => (
        <Grid.Col key={card.id} xs={24} sm={12} lg={8} xxl={6}>
          <Card className="tpl-card" hoverable title={card.title} extra={<Tag>{card.name}</Tag>}>
            <Typography.Text type="secondary">{card.description}</Typography.Text>
            <Descriptions
              column={2}
              size="small"
              data={card.data.map((d) => ({ label: d.label, value: d.value }))}
              className="tpl-card-data"
            />
          </Card>
        </Grid.Col>
      ))}
    </Grid.Row>
  );
}

function ServiceCards() {
  const { t } = useTranslation();
  const services = useQuery({ queryKey: ['cards', 'services'], queryFn: templatesApi.services });
  const toggle = useSwitch();
  if (services.isLoading) return <Skeleton text={{ rows: 4 }} animation />;
  return (
    <Grid.Row gutter={[16, 16]}>
      {(services.data ?? []).map((card: ServiceCard) => (
        <Grid.Col key={card.id} xs={24} sm={12} lg={8} xxl={6}>
          <Card className="tpl-card" hoverable data-testid={`service-${card.id}`}>
            <div className="tpl-card-head">
              <span className="tpl-card-icon">{ICONS[card.icon]}</span>
              <Typography.Text bold>{card.title}</Typography.Text>
              {card.enable && <Tag color="green">{t('cl.on')}</Tag>}
            </div>
            <Typography.Paragraph type="secondary" className="tpl-card-desc">
              {card.description}
            </Typography.Paragraph>
            <Button
              type={card.enable ? 'secondary' : 'primary'}
              size="small"
              loading={toggle.isPending && toggle.variables?.id === card.id}
              data-testid={`service-toggle-${card.id}`}
              onClick={() => toggle.mutate({ kind: 'service', id: card.id, enable: !card.enable })}
            >
              {t(card.enable ? 'cl.turnOff' : 'cl.turnOn')}
            </Button>
          </Card>
        </Grid.Col>
      ))}
    </Grid.Row>
  );
}

function RuleCards() {
  const { t } = useTranslation();
  const rules = useQuery({ queryKey: ['cards', 'rules'], queryFn: templatesApi.rules });
  const toggle = useSwitch();
  if (rules.isLoading) return <Skeleton text={{ rows: 4 }} animation />;
  return (
    <Grid.Row gutter={[16, 16]}>
      {(rules.data ?? []).map((card: RulePreset) => (
        <Grid.Col key={card.id} xs={24} sm={12} lg={8} xxl={6}>
          <Card className="tpl-card" hoverable data-testid={`rule-${card.id}`}>
            <div className="tpl-card-head">
              <Typography.Text bold>{card.title}</Typography.Text>
              {card.alwaysOn && <Tag color="arcoblue">{t('cl.alwaysOn')}</Tag>}
              <Tooltip content={card.alwaysOn ? t('cl.alwaysOnHint') : undefined} disabled={!card.alwaysOn}>
                <Switch
                  size="small"
                  checked={card.enable}
                  disabled={card.alwaysOn}
                  loading={toggle.isPending && toggle.variables?.id === card.id}
                  data-testid={`rule-toggle-${card.id}`}
                  onChange={(enable) => toggle.mutate({ kind: 'rule', id: card.id, enable })}
                />
              </Tooltip>
            </div>
            <Typography.Paragraph type="secondary" className="tpl-card-desc">
              {card.description}
            </Typography.Paragraph>
          </Card>
        </Grid.Col>
      ))}
    </Grid.Row>
  );
}

/**
 * The card list: a quality card per task that dialled this week; the services and the rule presets the
 * dialer applies to every task of the company, with switches it reads from the next call on (the rules
 * that always apply are shown with their switch disabled).
 */
export default function CardListPage() {
  const { t } = useTranslation();
  return (
    <Card data-testid="card-list" title={t('menu.card')}>
      <Typography.Paragraph type="secondary">{t('cl.hint')}</Typography.Paragraph>
      <Tabs defaultActiveTab="quality" lazyload={false}>
        <Tabs.TabPane key="quality" title={t('cl.tab.quality')}>
          <QualityCards />
        </Tabs.TabPane>
        <Tabs.TabPane key="services" title={<span data-testid="card-tab-services">{t('cl.tab.services')}</span>}>
          <ServiceCards />
        </Tabs.TabPane>
        <Tabs.TabPane key="rules" title={<span data-testid="card-tab-rules">{t('cl.tab.rules')}</span>}>
          <RuleCards />
        </Tabs.TabPane>
      </Tabs>
    </Card>
  );
}
