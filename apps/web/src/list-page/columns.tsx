import { Button, type TableColumnProps } from '@arco-design/web-react';
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
