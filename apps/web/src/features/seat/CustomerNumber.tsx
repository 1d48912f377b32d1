import { Tag } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';

/**
 * Who the seat is talking to: the customer's number as the server sent it (masked), or — a test call from a
 * browser has no number — the words the call records list uses for one, so the agent never reads a blank.
 */
export function CustomerNumber({
  number,
  test,
  testId,
  as = 'tag',
  large = false,
}: {
  number: string;
  test: boolean;
  testId: string;
  /** A tag (the call panel's head) or plain text (a table cell, a list row). */
  as?: 'tag' | 'text';
  large?: boolean;
}) {
  const size = large ? 'large' : undefined;
  const { t } = useTranslation();
  if (test) {
    return (
      <Tag color="purple" size={size} data-testid={testId} data-test="true">
        {t('callRecords.testCall')}
      </Tag>
    );
  }
  return as === 'tag' ? (
    <Tag color="arcoblue" size={size} data-testid={testId}>
      {number}
    </Tag>
  ) : (
    <span className="call-phone" data-testid={testId}>
      {number}
    </span>
  );
}
