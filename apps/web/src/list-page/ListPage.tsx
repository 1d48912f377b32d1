import {
  Button,
  Card,
  Divider,
  Form,
  Grid,
  Input,
  Select,
  Space,
  Table,
  Typography,
  type SelectProps,
  type TableColumnProps,
} from '@arco-design/web-react';
import { IconPlus, IconRefresh, IconSearch } from '@arco-design/web-react/icon';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TimeZoneNote } from '../locale/company-time.tsx';
import type { ListState, PageState } from './use-list-query.ts';
import { usePageTotal } from './page-total.ts';

/**
 * The one list page of the console (Arco Pro's search table): a title row (with `extra` on the right),
 * the filter fields with Search and Reset, a toolbar, then the table and whatever else the page holds
 * (its modals). Every list page is built from it, so they look and behave alike.
 */
export function ListPage<F extends object, T>(props: {
  title: ReactNode;
  testId: string;
  /** The list's state, wanted with `filters` (their form, Search and Reset). */
  list?: ListState<F, T>;
  extra?: ReactNode;
  /** `<ListFilter>`s holding `Form.Item noStyle` fields; none: no search row. */
  filters?: ReactNode;
  searchTestId?: string;
  resetTestId?: string;
  /** A page's own search form (fields and buttons), in place of the filter row: for searches a row cannot hold. */
  search?: ReactNode;
  /** Between the search and the toolbar: what the search sums up (a board over the same calls), a note on the list. */
  summary?: ReactNode;
  toolbar?: ReactNode;
  /** The table shows times: say once, beside the title, which zone they are in. */
  timeZoneNote?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const list = props.list;
  return (
    <Card className="search-table-card" data-testid={props.testId}>
      <div className="search-table-header">
        <div className="search-table-heading">
          <Typography.Title heading={6} className="search-table-title">
            {props.title}
          </Typography.Title>
          {props.timeZoneNote && <TimeZoneNote />}
        </div>
        {props.extra}
      </div>
      {props.filters && list && (
        <>
          <div className="search-table-form">
            <Form form={list.form} layout="horizontal" onSubmit={list.search} className="search-table-fields">
              <Grid.Row gutter={[16, 12]}>{props.filters}</Grid.Row>
            </Form>
            <Divider type="vertical" className="search-table-divider" />
            <Space>
              <Button type="primary" icon={<IconSearch />} onClick={() => list.form.submit()} data-testid={props.searchTestId}>
                {t('common.search')}
              </Button>
              <Button icon={<IconRefresh />} onClick={list.reset} data-testid={props.resetTestId}>
                {t('common.reset')}
              </Button>
            </Space>
          </div>
          <Divider className="search-table-rule" />
        </>
      )}
      {props.search}
      {props.summary}
      {props.toolbar && <div className="search-table-toolbar">{props.toolbar}</div>}
      {props.children}
    </Card>
  );
}

/** One filter field's place in the search row: `wide` for a keyword box, narrow for a choice. */
export function ListFilter({ wide = false, children }: { wide?: boolean; children: ReactNode }) {
  return wide ? (
    <Grid.Col xs={24} sm={12} lg={8}>
      {children}
    </Grid.Col>
  ) : (
    <Grid.Col xs={12} sm={6} lg={5}>
      {children}
    </Grid.Col>
  );
}

/** A keyword box (wide); Enter searches. */
export function KeywordFilter(props: { field: string; placeholder: string; testId?: string }) {
  const { form } = Form.useFormContext();
  return (
    <ListFilter wide>
      <Form.Item field={props.field} noStyle>
        <Input
          allowClear
          prefix={<IconSearch />}
          placeholder={props.placeholder}
          data-testid={props.testId}
          onPressEnter={() => form.submit()}
        />
      </Form.Item>
    </ListFilter>
  );
}

/** A choice among fixed values (narrow unless `wide`), each shown by `label`. */
export function ChoiceFilter<V extends string>(props: {
  field: string;
  placeholder: string;
  values: readonly V[];
  label: (value: V) => string;
  testId?: string;
  wide?: boolean;
}) {
  return (
    <SelectFilter
      field={props.field}
      placeholder={props.placeholder}
      testId={props.testId}
      wide={props.wide}
      options={props.values.map((value) => ({ value, label: props.label(value) }))}
    />
  );
}

/** A choice among options the page computes (the server's vendors, processors), narrow unless `wide`. */
export function SelectFilter(props: {
  field: string;
  placeholder: string;
  options: SelectProps['options'];
  testId?: string;
  wide?: boolean;
  showSearch?: boolean;
}) {
  return (
    <ListFilter wide={props.wide}>
      <Form.Item field={props.field} noStyle>
        <Select
          allowClear
          showSearch={props.showSearch}
          placeholder={props.placeholder}
          data-testid={props.testId}
          options={props.options}
        />
      </Form.Item>
    </ListFilter>
  );
}

/** A plain text box (wide), searched with the Search button. */
export function TextFilter(props: { field: string; placeholder: string; testId?: string }) {
  return (
    <ListFilter wide>
      <Form.Item field={props.field} noStyle>
        <Input placeholder={props.placeholder} allowClear data-testid={props.testId} />
      </Form.Item>
    </ListFilter>
  );
}

/** The list's table: server-side pages, the total (`usePageTotal`), an empty state in the page's words. */
export function ListTable<F extends object, T>(props: {
  list: ListState<F, T>;
  columns: TableColumnProps<T>[];
  empty: ReactNode;
  /** The columns' widths added up, past which the table scrolls sideways; unset: the columns share the width. */
  scrollX?: number;
  testId?: string;
  rowKey?: string;
  rowTestId?: (row: T) => string;
  /** A list whose rows open their details: the click, the rows' class (a pointer) and what marks each row. */
  onRowClick?: (row: T) => void;
  rowClassName?: string;
  rowAttributes?: (row: T) => Record<string, string>;
  /** Shown instead of the rows when the list could not be read; unset: the rows last read stay. */
  failed?: ReactNode;
  /** When the spinner shows, where the page knows better than "while the list is read". */
  loading?: boolean;
}) {
  const pageTotal = usePageTotal();
  const { result, page, setPage } = props.list;
  const failed = props.failed !== undefined && result.isError;
  const { rowTestId, onRowClick, rowAttributes } = props;
  const rowProps = (row: T) => ({
    ...(rowTestId && { 'data-testid': rowTestId(row) }),
    ...(onRowClick && { onClick: () => onRowClick(row) }),
    ...rowAttributes?.(row),
  });
  return (
    <Table<T>
      rowKey={props.rowKey ?? 'id'}
      data-testid={props.testId}
      columns={props.columns}
      data={failed ? [] : (result.data?.list ?? [])}
      loading={props.loading ?? result.isFetching}
      scroll={props.scrollX ? { x: props.scrollX } : undefined}
      border={false}
      noDataElement={failed ? props.failed : <div className="search-table-empty">{props.empty}</div>}
      rowClassName={props.rowClassName ? () => props.rowClassName! : undefined}
      onRow={rowTestId || onRowClick || rowAttributes ? (row) => rowProps(row) as object : undefined}
      pagination={{
        current: page.page,
        pageSize: page.pageSize,
        total: result.data?.total ?? 0,
        sizeCanChange: true,
        showTotal: pageTotal,
      }}
      onChange={(pagination) =>
        setPage((p: PageState) => ({ page: pagination.current ?? p.page, pageSize: pagination.pageSize ?? p.pageSize }))
      }
    />
  );
}

/** The toolbar's primary button that adds a row (opens the add form or page). */
export function AddButton(props: { onClick(): void; testId: string; disabled?: boolean; children: ReactNode }) {
  return (
    <Button type="primary" icon={<IconPlus />} onClick={props.onClick} disabled={props.disabled} data-testid={props.testId}>
      {props.children}
    </Button>
  );
}
