import type { z } from 'zod';
import type { DncAdd, DncChange, DncEntry, DncImportResult, DncQuery, DncRemove, EndpointData, Envelope, Page } from '@dialwise/contracts';
import { dncEndpoints } from '@dialwise/contracts';
import { api } from '../../api/client.ts';
import { uploadHttp } from '../../api/upload-http.ts';

export async function listDnc(query: Partial<DncQuery>): Promise<Page<DncEntry>> {
  return api(dncEndpoints.list, query);
}

export async function addDnc(input: DncAdd): Promise<DncChange> {
  return api(dncEndpoints.add, input);
}

export async function removeDnc(input: DncRemove): Promise<DncChange> {
  return api(dncEndpoints.remove, input);
}

/** Sends the file as the raw body (streamed by the server), through the one request layer. */
export async function importDnc(file: File, companyId: string | undefined): Promise<DncImportResult> {
  const { import: endpoint } = dncEndpoints;
  const params: z.input<typeof endpoint.query> = companyId ? { companyId } : {};
  const response = await uploadHttp.post<Envelope<EndpointData<typeof endpoint>>>(endpoint.path, file, {
    params,
    headers: { 'Content-Type': 'text/csv' },
  });
  return response.data.data;
}
