import { Alert, Button, Descriptions, Modal, Typography } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import type { CompanyCreated } from '@dialwise/contracts';

/** Shows the new company's first ADMIN and its one-time password: the only time the password is visible. */
export function CompanyCreatedModal({ created, onClose }: { created: CompanyCreated | null; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Modal
      title={t('companies.created.title')}
      visible={created !== null}
      onCancel={onClose}
      maskClosable={false}
      unmountOnExit
      footer={
        <Button type="primary" onClick={onClose} data-testid="company-created-done">
          {t('companies.created.done')}
        </Button>
      }
    >
      {created && (
        <div data-testid="company-created">
          <Typography.Paragraph>{t('companies.created.intro', { name: created.company.name })}</Typography.Paragraph>
          <Descriptions
            column={1}
            border
            labelStyle={{ width: 140 }}
            data={[
              {
                label: t('common.username'),
                value: (
                  <Typography.Text copyable className="op-mono" data-testid="company-created-username">
                    {created.admin.username}
                  </Typography.Text>
                ),
              },
              { label: t('common.email'), value: created.admin.email },
              {
                label: t('companies.created.password'),
                value: (
                  <Typography.Text copyable className="op-mono" data-testid="company-created-password">
                    {created.admin.initialPassword}
                  </Typography.Text>
                ),
              },
            ]}
          />
          <Alert type="warning" style={{ marginTop: 16 }} content={t('companies.created.warning')} />
        </div>
      )}
    </Modal>
  );
}
