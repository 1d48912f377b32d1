import type {
  Page,
  ScenarioDetail,
  ScenarioDocument,
  ScenarioExport,
  ScenarioListItem,
  ScenarioParsed,
  ScenarioQuery,
  ScenarioSaved,
} from '@dialwise/contracts';
import { post } from '../../../api/client.ts';

const BASE = '/api/operation/scenarios';

export const scenarioKeys = {
  all: ['operation', 'scenarios'] as const,
  list: (query: Partial<ScenarioQuery>) => ['operation', 'scenarios', 'list', query] as const,
  detail: (id: string, version?: number) => ['operation', 'scenarios', 'detail', id, version ?? 'current'] as const,
};

export async function listScenarios(query: Partial<ScenarioQuery>): Promise<Page<ScenarioListItem>> {
  return (await post<Page<ScenarioListItem>>(`${BASE}/list`, query)).data;
}
export async function getScenario(id: string, version?: number): Promise<ScenarioDetail> {
  return (await post<ScenarioDetail>(`${BASE}/get`, { id, version })).data;
}
export async function createScenario(document: ScenarioDocument): Promise<ScenarioSaved> {
  return (await post<ScenarioSaved>(`${BASE}/create`, { document })).data;
}
export async function updateScenario(id: string, baseVersion: number, document: ScenarioDocument): Promise<ScenarioSaved> {
  return (await post<ScenarioSaved>(`${BASE}/update`, { id, baseVersion, document })).data;
}
export async function deleteScenario(id: string): Promise<void> {
  await post(`${BASE}/delete`, { id });
}
export async function exportScenario(id: string, version?: number): Promise<ScenarioExport> {
  return (await post<ScenarioExport>(`${BASE}/export`, { id, version })).data;
}
export async function parseScenarioFile(content: unknown): Promise<ScenarioParsed> {
  return (await post<ScenarioParsed>(`${BASE}/parse`, { content })).data;
}
export async function importScenario(content: unknown): Promise<ScenarioSaved> {
  return (await post<ScenarioSaved>(`${BASE}/import`, { content })).data;
}
