import type { Page, Processor, ProcessorInput, ProcessorOption, ProcessorQuery, ProcessorUpdate } from '@dialwise/contracts';
import { post } from '../../../api/client.ts';

const BASE = '/api/operation/processors';

export const processorKeys = {
  all: ['operation', 'processors'] as const,
  list: (query: Partial<ProcessorQuery>) => ['operation', 'processors', 'list', query] as const,
  options: ['operation', 'processors', 'options'] as const,
};

export async function listProcessors(query: Partial<ProcessorQuery>): Promise<Page<Processor>> {
  return (await post<Page<Processor>>(`${BASE}/list`, query)).data;
}
export async function listProcessorOptions(): Promise<ProcessorOption[]> {
  return (await post<ProcessorOption[]>(`${BASE}/options`)).data;
}
export async function getProcessor(id: string): Promise<Processor> {
  return (await post<Processor>(`${BASE}/get`, { id })).data;
}
export async function createProcessor(input: ProcessorInput): Promise<Processor> {
  return (await post<Processor>(`${BASE}/create`, input)).data;
}
export async function updateProcessor(input: ProcessorUpdate): Promise<Processor> {
  return (await post<Processor>(`${BASE}/update`, input)).data;
}
export async function deleteProcessor(id: string): Promise<void> {
  await post(`${BASE}/delete`, { id });
}
