import { Button, Popconfirm, Space, Tooltip, type PopconfirmProps, type TableColumnProps } from '@arco-design/web-react';
import { IconEdit } from '@arco-design/web-react/icon';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { quietRefusal } from '../api/quiet-refusal.ts';

/** The actions column of a list: the row's text buttons side by side, fixed on the right. */
export function actionsColumn<T>(title: string, width: number, actions: (row: T) => ReactNode): TableColumnProps<T> {
  return {
    title,
    key: 'actions',
    fixed: 'right',
    width,
    render: (_: unknown, row) => (
      <Space size={0} className="op-actions">
        {actions(row)}
      </Space>
    ),
  };
}

/** A row's Edit button (with the pencil where the page's other actions carry icons). */
export function EditButton(props: { onClick(): void; testId: string; icon?: boolean }) {
  const { t } = useTranslation();
  return (
    <Button type="text" size="small" icon={props.icon ? <IconEdit /> : undefined} onClick={props.onClick} data-testid={props.testId}>
      {t('common.edit')}
    </Button>
  );
}

/**
 * A row action that asks first (delete, restore, remove): a small text button and its confirm. The confirm
 * awaits the action and closes; a refusal shows the server's message and logs nothing (`quietRefusal`).
 */
export function ConfirmButton(props: {
  title: ReactNode;
  content?: ReactNode;
  onConfirm(): Promise<unknown>;
  testId?: string;
  confirmTestId?: string;
  /** `danger` (the default) also colours the confirm's OK. */
  status?: 'danger' | 'success';
  icon?: ReactNode;
  position?: PopconfirmProps['position'];
  /** A long question wraps at this width. */
  maxWidth?: number;
  /** Why the action is not open to this row: the button shows disabled, with this as its tooltip. */
  blockedBy?: ReactNode;
  children: ReactNode;
}) {
  const status = props.status ?? 'danger';
  if (props.blockedBy)
    return (
      <Tooltip content={props.blockedBy}>
        <Button type="text" size="small" status={status} icon={props.icon} disabled>
          {props.children}
        </Button>
      </Tooltip>
    );
  return (
    <Popconfirm
      title={props.title}
      content={props.content}
      position={props.position}
      style={props.maxWidth ? { maxWidth: props.maxWidth } : undefined}
      onOk={() => quietRefusal(props.onConfirm())}
      okButtonProps={{ status: status === 'danger' ? 'danger' : undefined, 'data-testid': props.confirmTestId } as object}
    >
      <Button type="text" size="small" status={status} icon={props.icon} data-testid={props.testId}>
        {props.children}
      </Button>
    </Popconfirm>
  );
}
