import { Form } from '@arco-design/web-react';
import { type Page, PAGINATION } from '@dialwise/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
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
export function useListQuery<F extends object, T>(options: {
  key: readonly unknown[];
  fetch: (query: F & PageState) => Promise<Page<T>>;
  extra?: object;
  initialFilters?: F;
  enabled?: boolean;
}) {
  const [form] = Form.useForm<F>();
  const [filters, setFilters] = useState<F>(options.initialFilters ?? ({} as F));
  const [page, setPage] = useState<PageState>({ page: PAGINATION.defaultPage, pageSize: PAGINATION.defaultPageSize });
  const query = { ...filters, ...page, ...options.extra } as F & PageState;
  const result = useQuery({
    queryKey: [...options.key, query],
    queryFn: () => options.fetch(query),
    placeholderData: keepPreviousData,
    enabled: options.enabled,
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

export type ListState<F extends object, T> = ReturnType<typeof useListQuery<F, T>>;
