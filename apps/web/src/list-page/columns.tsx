import { Button, Typography, type TableColumnProps } from '@arco-design/web-react';
import type { ReactNode } from 'react';
import { useCompanyTime } from '../locale/company-time.tsx';

/** A time in the company's zone, kept on one line. */
function CompanyTimeCell({ at }: { at: string }) {
  const time = useCompanyTime();
  return <span className="nowrap">{time.format(at)}</span>;
}

/** A column of times (creation, last change) in the company's zone. */
export function timeColumn<T>(title: string, dataIndex: keyof T & string, width: number): TableColumnProps<T> {
  return { title, dataIndex, width, render: (at: string) => <CompanyTimeCell at={at} /> };
}

/** The actions column of a list whose one row action is Edit. */
export function editColumn<T>(options: {
  title: string;
  label: string;
  width: number;
  onEdit(row: T): void;
  testId(row: T): string;
}): TableColumnProps<T> {
  return {
    title: options.title,
    dataIndex: 'id',
    fixed: 'right',
    width: options.width,
    render: (_id: string, row) => (
      <Button type="text" size="small" onClick={() => options.onEdit(row)} data-testid={options.testId(row)}>
        {options.label}
      </Button>
    ),
  };
}

/**
 * A cell of two lines: the value, and a quieter line under it (the task under the project, the creator under the
 * time), so a row says more without more columns. No `sub`: the value alone, at the same height.
 */
export function StackCell(props: { children: ReactNode; sub?: ReactNode; subClassName?: string; subTitle?: string }) {
  return (
    <div className="cell-stack">
      {props.children}
      {props.sub !== undefined && props.sub !== false && (
        <Typography.Text
          type="secondary"
          className={props.subClassName ? `cell-sub ${props.subClassName}` : 'cell-sub'}
          title={props.subTitle}
        >
          {props.sub}
        </Typography.Text>
      )}
    </div>
  );
}
