import type { Page, Processor, ProcessorInput, ProcessorOption, ProcessorQuery, ProcessorUpdate } from '@dialwise/contracts';
import { processorEndpoints } from '@dialwise/contracts';
import { api } from '../../../api/client.ts';

export const processorKeys = {
  all: ['operation', 'processors'] as const,
  list: (query: Partial<ProcessorQuery>) => ['operation', 'processors', 'list', query] as const,
  options: ['operation', 'processors', 'options'] as const,
};

export async function listProcessors(query: Partial<ProcessorQuery>): Promise<Page<Processor>> {
  return api(processorEndpoints.list, query);
}
export async function listProcessorOptions(): Promise<ProcessorOption[]> {
  return api(processorEndpoints.options);
}
export async function getProcessor(id: string): Promise<Processor> {
  return api(processorEndpoints.get, { id });
}
export async function createProcessor(input: ProcessorInput): Promise<Processor> {
  return api(processorEndpoints.create, input);
}
export async function updateProcessor(input: ProcessorUpdate): Promise<Processor> {
  return api(processorEndpoints.update, input);
}
export async function deleteProcessor(id: string): Promise<void> {
  await api(processorEndpoints.delete, { id });
}
