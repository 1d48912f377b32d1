import { Collapse, Typography } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';

const QUESTIONS = ['roles', 'elsewhere', 'password', 'upload', 'settings', 'api'] as const;

export default function FaqPage() {
  const { t } = useTranslation();
  return (
    <div className="page-card" data-testid="faq">
      <Typography.Title heading={5} style={{ marginTop: 0 }}>
        {t('faq.title')}
      </Typography.Title>
      <Collapse defaultActiveKey={[QUESTIONS[0]]} bordered={false}>
        {QUESTIONS.map((key) => (
          <Collapse.Item key={key} name={key} header={t(`faq.q.${key}`)}>
            <Typography.Paragraph style={{ marginBottom: 0 }}>{t(`faq.a.${key}`)}</Typography.Paragraph>
          </Collapse.Item>
        ))}
      </Collapse>
    </div>
  );
}
