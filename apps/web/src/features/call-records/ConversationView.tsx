import { useTranslation } from 'react-i18next';
import type { ConversationLine } from '@dialwise/contracts';
import { formatOffset } from './format.ts';

/** The call's lines in time order: the customer on the left, the AI and the seat on the right. */
export function ConversationView({ lines }: { lines: ConversationLine[] }) {
  const { t } = useTranslation();
  return (
    <ol className="call-conversation" data-testid="call-record-conversation">
      {lines.map((line, index) => (
        <li
          key={index}
          className={`call-line call-line-${line.speaker}${line.filler ? ' call-line-filler' : ''}`}
          data-testid={`call-line-${line.speaker}`}
        >
          <div className="call-line-meta">
            <span className="call-line-speaker">{t(`callRecords.speaker.${line.speaker}`)}</span>
            <span className="call-line-time">{formatOffset(line.atMs)}</span>
          </div>
          <div className="call-line-bubble">
            {line.text}
            {line.filler && (
              <span className="call-line-interrupted" data-testid="call-line-filler">
                {t('callRecords.filler')}
              </span>
            )}
            {line.interrupted && (
              <span className="call-line-interrupted" data-testid="call-line-interrupted">
                {t('callRecords.interrupted')}
              </span>
            )}
          </div>
        </li>
      ))}
    </ol>
  );
}
