import type { Llm, LlmInput, LlmOption, LlmQuery, LlmTestInput, LlmTestResult, LlmUpdate, Page } from '@dialwise/contracts';
import { post } from '../../../api/client.ts';

const BASE = '/api/operation/llms';

export const llmKeys = {
  all: ['operation', 'llms'] as const,
  list: (query: Partial<LlmQuery>) => ['operation', 'llms', 'list', query] as const,
  options: ['operation', 'llms', 'options'] as const,
  vendors: ['operation', 'llms', 'vendors'] as const,
};

export async function listLlms(query: Partial<LlmQuery>): Promise<Page<Llm>> {
  return (await post<Page<Llm>>(`${BASE}/list`, query)).data;
}
export async function listLlmOptions(): Promise<LlmOption[]> {
  return (await post<LlmOption[]>(`${BASE}/options`)).data;
}
export async function listLlmVendors(): Promise<string[]> {
  return (await post<string[]>(`${BASE}/vendors`)).data;
}
export async function getLlm(id: string): Promise<Llm> {
  return (await post<Llm>(`${BASE}/get`, { id })).data;
}
export async function createLlm(input: LlmInput): Promise<Llm> {
  return (await post<Llm>(`${BASE}/create`, input)).data;
}
export async function updateLlm(input: LlmUpdate): Promise<Llm> {
  return (await post<Llm>(`${BASE}/update`, input)).data;
}
export async function deleteLlm(id: string): Promise<void> {
  await post(`${BASE}/delete`, { id });
}
export async function testLlm(input: LlmTestInput): Promise<LlmTestResult> {
  return (await post<LlmTestResult>(`${BASE}/test`, input, { timeout: 70_000 })).data;
}
