import type { ApiKey, ApiKeyCreate, ApiKeyCreated } from '@dialwise/contracts';
import { apiKeyEndpoints } from '@dialwise/contracts';
import { api } from '../../api/client.ts';

export const apiKeysKey = ['api-keys'] as const;

export async function listApiKeys(): Promise<ApiKey[]> {
  return api(apiKeyEndpoints.list);
}

export async function createApiKey(input: ApiKeyCreate): Promise<ApiKeyCreated> {
  return api(apiKeyEndpoints.create, input);
}

export async function revokeApiKey(id: string): Promise<ApiKey> {
  return api(apiKeyEndpoints.revoke, { id });
}
