import type { Llm, LlmInput, LlmOption, LlmQuery, LlmTestInput, LlmTestResult, LlmUpdate, Page } from '@dialwise/contracts';
import { llmEndpoints } from '@dialwise/contracts';
import { api } from '../../../api/client.ts';

export const llmKeys = {
  all: ['operation', 'llms'] as const,
  list: (query: Partial<LlmQuery>) => ['operation', 'llms', 'list', query] as const,
  options: ['operation', 'llms', 'options'] as const,
  vendors: ['operation', 'llms', 'vendors'] as const,
};

export async function listLlms(query: Partial<LlmQuery>): Promise<Page<Llm>> {
  return api(llmEndpoints.list, query);
}
export async function listLlmOptions(): Promise<LlmOption[]> {
  return api(llmEndpoints.options);
}
export async function listLlmVendors(): Promise<string[]> {
  return api(llmEndpoints.vendors);
}
export async function getLlm(id: string): Promise<Llm> {
  return api(llmEndpoints.get, { id });
}
export async function createLlm(input: LlmInput): Promise<Llm> {
  return api(llmEndpoints.create, input);
}
export async function updateLlm(input: LlmUpdate): Promise<Llm> {
  return api(llmEndpoints.update, input);
}
export async function deleteLlm(id: string): Promise<void> {
  await api(llmEndpoints.delete, { id });
}
export async function testLlm(input: LlmTestInput): Promise<LlmTestResult> {
  return api(llmEndpoints.test, input, { timeout: 70_000 });
}
