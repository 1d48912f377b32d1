import { Tooltip } from '@arco-design/web-react';
import { IconQuestionCircle } from '@arco-design/web-react/icon';
import type { ReactNode } from 'react';

/** One figure of a board: its name (with what it means on hover) and its value. */
export function StatTile({
  title,
  hint,
  value,
  sub,
  testId,
}: {
  title: string;
  hint?: string;
  value: ReactNode;
  sub?: ReactNode;
  testId: string;
}) {
  return (
    <div className="board-stat">
      <div className="board-stat-title">
        {title}
        {hint && (
          <Tooltip content={hint}>
            <IconQuestionCircle />
          </Tooltip>
        )}
      </div>
      <div className="board-stat-value" data-testid={testId}>
        {value}
      </div>
      {sub !== undefined && <div className="board-stat-sub">{sub}</div>}
    </div>
  );
}
