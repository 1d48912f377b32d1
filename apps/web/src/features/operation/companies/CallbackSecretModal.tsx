import { Alert, Button, Descriptions, Modal, Popconfirm, Spin, Typography } from '@arco-design/web-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CALLBACK_SIGNATURE_HEADER, type CompanyListItem, type RotatedCallbackSecret } from '@dialwise/contracts';
import { TimeZoneNote, useCompanyTime } from '../../../locale/company-time.tsx';
import { quietRefusal } from '../../../api/quiet-refusal.ts';
import { getCallbackSecretStatus, rotateCallbackSecret } from './api.ts';

/**
 * A company's callback secret: whether it is set and since when, and a rotation that shows the new secret
 * this once (the customer's receiver verifies the signature header with it). The secret is never read
 * back: losing it means rotating again.
 */
export function CallbackSecretModal({ company, onClose }: { company: CompanyListItem | null; onClose(): void }) {
  const { t } = useTranslation();
  const time = useCompanyTime();
  const [rotated, setRotated] = useState<RotatedCallbackSecret | null>(null);
  const status = useQuery({
    queryKey: ['operation', 'callback-secret', company?.id],
    queryFn: () => getCallbackSecretStatus(company!.id),
    enabled: company !== null,
  });
  const rotate = useMutation({
    mutationFn: () => rotateCallbackSecret(company!.id),
    onSuccess: (answer) => {
      setRotated(answer);
      void status.refetch();
    },
  });
  const close = () => {
    setRotated(null);
    onClose();
  };
  return (
    <Modal
      title={t('companies.callbackSecret.title', { name: company?.name ?? '' })}
      visible={company !== null}
      onCancel={close}
      maskClosable={rotated === null}
      unmountOnExit
      footer={
        <Button type="primary" onClick={close} data-testid="callback-secret-done">
          {t('companies.created.done')}
        </Button>
      }
    >
      <div data-testid="callback-secret">
        <Typography.Paragraph>{t('companies.callbackSecret.intro', { header: CALLBACK_SIGNATURE_HEADER })}</Typography.Paragraph>
        {status.isLoading ? (
          <Spin />
        ) : (
          <Descriptions
            column={1}
            border
            labelStyle={{ width: 140 }}
            data={[
              {
                label: t('companies.callbackSecret.state'),
                value: status.data?.set ? (
                  <>
                    {t('companies.callbackSecret.setSince', { at: time.format(status.data.rotatedAt) })} <TimeZoneNote />
                  </>
                ) : (
                  t('companies.callbackSecret.unset')
                ),
              },
              ...(rotated
                ? [
                    {
                      label: t('companies.callbackSecret.secret'),
                      value: (
                        <Typography.Text copyable className="op-mono" data-testid="callback-secret-value">
                          {rotated.secret}
                        </Typography.Text>
                      ),
                    },
                  ]
                : []),
            ]}
          />
        )}
        {rotated ? (
          <Alert type="warning" style={{ marginTop: 16 }} content={t('companies.callbackSecret.once')} />
        ) : (
          <Popconfirm
            title={t('companies.callbackSecret.confirm')}
            onOk={() => quietRefusal(rotate.mutateAsync())}
            okButtonProps={{ 'data-testid': 'callback-secret-rotate-confirm' } as object}
          >
            <Button style={{ marginTop: 16 }} type="outline" loading={rotate.isPending} data-testid="callback-secret-rotate">
              {status.data?.set ? t('companies.callbackSecret.rotate') : t('companies.callbackSecret.create')}
            </Button>
          </Popconfirm>
        )}
      </div>
    </Modal>
  );
}
