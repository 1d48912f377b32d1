import { Modal, Typography } from '@arco-design/web-react';
import { IconExclamationCircleFill } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import type { FailedPath } from '@dialwise/contracts';

/** "Scenario format failed", with every path of the file that failed and why. */
export function ImportFailedModal({ fields, onClose }: { fields: FailedPath[] | null; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Modal
      visible={fields !== null}
      onCancel={onClose}
      onOk={onClose}
      hideCancel
      okText={t('common.ok')}
      style={{ width: 620 }}
      title={
        <span style={{ display: 'inline-flex', gap: 8, alignItems: 'center' }}>
          <IconExclamationCircleFill style={{ color: 'rgb(var(--danger-6))' }} />
          {t('scenario.importFailed.title')}
        </span>
      }
    >
      <div data-testid="scenario-import-failed">
        <Typography.Paragraph>{t('scenario.importFailed.intro')}</Typography.Paragraph>
        <ul className="scn-failed-list">
          {(fields ?? []).map((field, i) => (
            <li key={i} data-testid="scenario-import-failed-path">
              <div className="scn-failed-path">{field.path || t('scenario.importFailed.file')}</div>
              <div>{field.message}</div>
            </li>
          ))}
        </ul>
      </div>
    </Modal>
  );
}
