import { Form } from '@arco-design/web-react';
import { type Page, PAGINATION } from '@dialwise/contracts';
import { keepPreviousData, useQuery, type Query } from '@tanstack/react-query';
import { useState } from 'react';

export interface PageState {
  page: number;
  pageSize: number;
}

/** Search values as the server wants them: strings trimmed, blanks and empty choices left out. */
export function cleanFilters<F extends object>(values: F): F {
  const entries = Object.entries(values)
    .map(([key, value]) => [key, typeof value === 'string' ? value.trim() : value] as const)
    .filter(([, value]) => value !== undefined && value !== null && value !== '');
  return Object.fromEntries(entries) as F;
}

/**
 * The state every list page keeps: the search form, the applied filters, the page, and the server query
 * over them (keeping the previous page on screen while the next loads). `extra` joins the query without
 * being a filter of the form (a company chosen above the table, a project from the URL).
 */
export function useListQuery<F extends object, T, P extends Page<T> = Page<T>>(options: {
  key: readonly unknown[];
  /** The page of rows, with whatever else the list's answer says about them (`P`: a total that was capped). */
  fetch: (query: F & PageState) => Promise<P>;
  extra?: object;
  initialFilters?: F;
  enabled?: boolean;
  /** Asks again while the page shows this answer (a list whose rows move on their own); false: no polling. */
  refetchInterval?: (answer: P | undefined) => number | false;
}) {
  const [form] = Form.useForm<F>();
  const [filters, setFilters] = useState<F>(options.initialFilters ?? ({} as F));
  const [page, setPage] = useState<PageState>({ page: PAGINATION.defaultPage, pageSize: PAGINATION.defaultPageSize });
  const query = { ...filters, ...page, ...options.extra } as F & PageState;
  const poll = options.refetchInterval;
  const result = useQuery({
    queryKey: [...options.key, query],
    queryFn: () => options.fetch(query),
    placeholderData: keepPreviousData,
    enabled: options.enabled,
    refetchInterval: poll ? (q: Query<P>) => poll(q.state.data) : false,
  });
  const firstPage = () => setPage((p) => ({ ...p, page: 1 }));
  const search = (values: F) => {
    setFilters(cleanFilters(values));
    firstPage();
  };
  const reset = () => {
    form.resetFields();
    search({} as F);
  };
  return { form, filters, page, setPage, firstPage, query, result, search, reset };
}

export type ListState<F extends object, T, P extends Page<T> = Page<T>> = ReturnType<typeof useListQuery<F, T, P>>;
