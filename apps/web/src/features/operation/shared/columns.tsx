import { Typography, type TableColumnProps } from '@arco-design/web-react';
import { useCompanyTime } from '../../../locale/company-time.tsx';
import { WhoWhen } from './WhoWhen.tsx';

interface Authored {
  createTime: string;
  updateTime: string;
  createdByName: string | null;
  updatedByName: string | null;
}

/** An id column: its first eight characters, the whole id copyable. */
export function shortIdColumn<T>(title: string, dataIndex: keyof T & string): TableColumnProps<T> {
  return {
    title,
    dataIndex,
    width: 130,
    render: (id: string) => (
      <Typography.Text copyable={{ text: id }} className="op-mono">
        {id.slice(0, 8)}
      </Typography.Text>
    ),
  };
}

/** The two authorship columns of a catalogue row: who created it and when, who last changed it and when. */
export function authorshipColumns<T extends Authored>(titles: { created: string; updated: string }, width: number): TableColumnProps<T>[] {
  return [
    { title: titles.created, dataIndex: 'createTime', width, render: (at: string, row) => <WhoWhen who={row.createdByName} at={at} /> },
    { title: titles.updated, dataIndex: 'updateTime', width, render: (at: string, row) => <WhoWhen who={row.updatedByName} at={at} /> },
  ];
}

/** A list cell: when it was last saved (company time), and by whom beneath. */
function UpdatedCell({ at, by }: { at: string; by: string | null }) {
  const time = useCompanyTime();
  return (
    <div>
      <div>{time.format(at)}</div>
      <span className="op-secondary">{by ?? '—'}</span>
    </div>
  );
}

/** The "Updated" column of the LLM, processor and scenario catalogues. */
export function updatedColumn<T extends { updateTime: string; updatedBy: string | null }>(title: string): TableColumnProps<T> {
  return { title, dataIndex: 'updateTime', width: 150, render: (_, row) => <UpdatedCell at={row.updateTime} by={row.updatedBy} /> };
}
