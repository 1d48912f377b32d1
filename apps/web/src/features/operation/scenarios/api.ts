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
import { scenarioEndpoints } from '@dialwise/contracts';
import { api } from '../../../api/client.ts';

export const scenarioKeys = {
  all: ['operation', 'scenarios'] as const,
  list: (query: Partial<ScenarioQuery>) => ['operation', 'scenarios', 'list', query] as const,
  detail: (id: string, version?: number) => ['operation', 'scenarios', 'detail', id, version ?? 'current'] as const,
};

export async function listScenarios(query: Partial<ScenarioQuery>): Promise<Page<ScenarioListItem>> {
  return api(scenarioEndpoints.list, query);
}
export async function getScenario(id: string, version?: number): Promise<ScenarioDetail> {
  return api(scenarioEndpoints.get, { id, version });
}
export async function createScenario(document: ScenarioDocument): Promise<ScenarioSaved> {
  return api(scenarioEndpoints.create, { document });
}
export async function updateScenario(id: string, baseVersion: number, document: ScenarioDocument): Promise<ScenarioSaved> {
  return api(scenarioEndpoints.update, { id, baseVersion, document });
}
export async function deleteScenario(id: string): Promise<void> {
  await api(scenarioEndpoints.delete, { id });
}
export async function exportScenario(id: string, version?: number): Promise<ScenarioExport> {
  return api(scenarioEndpoints.export, { id, version });
}
export async function parseScenarioFile(content: unknown): Promise<ScenarioParsed> {
  return api(scenarioEndpoints.parse, { content });
}
export async function importScenario(content: unknown): Promise<ScenarioSaved> {
  return api(scenarioEndpoints.import, { content });
}
