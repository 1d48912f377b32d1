import { Alert, Button } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';

/** A part of the drawer that could not be loaded: what failed, why, and a retry; the other parts stay. */
export function PartFailed({ title, message, onRetry, testId }: { title: string; message: string; onRetry?: () => void; testId: string }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="error"
      title={title}
      content={message}
      data-testid={testId}
      action={
        onRetry ? (
          <Button size="mini" onClick={onRetry}>
            {t('callRecords.retry')}
          </Button>
        ) : undefined
      }
    />
  );
}
