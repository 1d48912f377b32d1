import { Empty, List, Typography } from '@arco-design/web-react';
import type { Message } from '@dialwise/contracts';
import { useCompanyTime } from '../../locale/company-time.tsx';
import './templates.css';

/**
 * The newest `most` messages, one line each: the title (cut with a tooltip) and when it came, in the company's
 * time. `boldUnread` sets the ones not read yet in bold; with no message, `empty` says so.
 */
export function MessageLines(props: {
  messages: readonly Message[] | undefined;
  most: number;
  empty: string;
  boldUnread?: boolean;
  listTestId?: string;
  lineTestId?: string;
}) {
  const time = useCompanyTime();
  const messages = props.messages ?? [];
  if (messages.length === 0) return <Empty description={props.empty} />;
  return (
    <List
      size="small"
      bordered={false}
      dataSource={messages.slice(0, props.most)}
      data-testid={props.listTestId}
      render={(m) => (
        <List.Item key={m.id}>
          <div className="wp-announce" data-testid={props.lineTestId}>
            <Typography.Text bold={props.boldUnread && m.status === 0} ellipsis={{ showTooltip: true }} className="wp-announce-title">
              {m.title}
            </Typography.Text>
            <Typography.Text type="secondary" className="wp-announce-time">
              {time.format(m.time)}
            </Typography.Text>
          </div>
        </List.Item>
      )}
    />
  );
}
