import type { DncAdd, DncChange, DncEntry, DncImportResult, DncQuery, DncRemove, Page } from '@dialwise/contracts';
import { http, post } from '../../api/client.ts';

export async function listDnc(query: Partial<DncQuery>): Promise<Page<DncEntry>> {
  return (await post<Page<DncEntry>>('/api/dnc/list', query)).data;
}

export async function addDnc(input: DncAdd): Promise<DncChange> {
  return (await post<DncChange>('/api/dnc/add', input)).data;
}

export async function removeDnc(input: DncRemove): Promise<DncChange> {
  return (await post<DncChange>('/api/dnc/remove', input)).data;
}

/** Sends the file as the raw body (streamed by the server), through the one request layer. */
export async function importDnc(file: File, companyId: string | undefined): Promise<DncImportResult> {
  const params = companyId ? { companyId } : {};
  const response = await http.post<{ data: DncImportResult }>('/api/dnc/import', file, { params, headers: { 'Content-Type': 'text/csv' } });
  return response.data.data;
}
