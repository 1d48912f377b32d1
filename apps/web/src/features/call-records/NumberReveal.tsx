import { Button, Space, Tooltip, Typography } from '@arco-design/web-react';
import { IconEye, IconLock } from '@arco-design/web-react/icon';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CallRecordDetail } from '@dialwise/contracts';
import { revealNumber } from './api.ts';
import { PartFailed } from './PartFailed.tsx';

/**
 * The masked number and, where allowed, the reveal: a server call that checks the company's permission
 * and the caller's role and is audited. MD5 numbers are hashes and cannot be revealed. The clear number
 * lives only in this component's state and goes when the drawer closes.
 */
export function NumberReveal({ call, canReveal }: { call: CallRecordDetail; canReveal: boolean }) {
  const { t } = useTranslation();
  const reveal = useMutation({ mutationFn: () => revealNumber(call.id) });
  const hashed = call.encryptionType === 'MD5';
  const shown = reveal.data?.phone;

  const action = () => {
    if (shown) return null;
    if (hashed)
      return (
        <Typography.Text type="secondary" data-testid="call-record-hashed">
          <IconLock /> {t('callRecords.revealHashed')}
        </Typography.Text>
      );
    const button = (
      <Button
        size="small"
        icon={<IconEye />}
        loading={reveal.isPending}
        disabled={!canReveal}
        onClick={() => reveal.mutate()}
        data-testid="call-record-reveal"
      >
        {t('callRecords.reveal')}
      </Button>
    );
    return <Tooltip content={canReveal ? t('callRecords.revealHint') : t('callRecords.revealOff')}>{button}</Tooltip>;
  };

  return (
    <div className="call-number">
      <div className="call-number-row">
        <Space size={12} align="center">
          <Typography.Text type="secondary">{t('callRecords.number')}</Typography.Text>
          <Typography.Text className="call-number-value" copyable={shown ? { text: shown } : false} data-testid="call-record-number">
            {shown ?? call.phone}
          </Typography.Text>
        </Space>
        {action()}
      </div>
      {reveal.isError && (
        <PartFailed title={t('callRecords.revealFailed')} message={reveal.error.message} testId="call-record-reveal-error" />
      )}
    </div>
  );
}
